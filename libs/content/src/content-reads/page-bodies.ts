import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, JsonText, WorkError, WorkPool } from '@docs/platform';
import { BodyForm, inRuns } from '../documents/page-bodies.domain';
import { linkDataOf, originOf } from '../links/revision-links';
import { pageBodyTexts } from '../documents/page-bodies.task';
import { PageNode } from '../page-tree/page-tree.domain';
import { ContentView } from '../revisions/read-content';
import { RevisionTrees } from '../revisions/revision-trees';

export type { BodyForm };

/** A page's body as answered: its markdown, or its document as JSON text (JsonText, @docs/platform). */
export type AnsweredBody = { markdown: string } | { document: JsonText };

const TASK = require.resolve('../documents/page-bodies.task');
/**
 * Markdown converted on the event loop at most (all the pages of a read together): conversion takes
 * up to some 8 µs a character on hostile input (100,000 unclosed hints, 1 MiB: 8 s), so 4 KiB is
 * some 30 ms. More is converted in work threads, a task per MiB, two at a time (the pool's share of
 * one organization is four), each within the budget (past it, 422 naming the pages).
 */
const INLINE_CHARS = 4 * 1024;
const TASK_CHARS = 1024 * 1024;
const TASKS_AT_ONCE = 2;
const BUDGET_MS = 30_000;

/** The form of the bodies a read asks for: `format=document`, or markdown with `format.markdown.refs` relative (as stored) or stable. */
export function bodyForm(format: 'markdown' | 'document' | undefined, refs: 'relative' | 'stable' | undefined): BodyForm {
  if (format === 'document') return 'document';
  return refs === 'stable' ? 'stable-markdown' : 'markdown';
}

/**
 * The bodies pages are answered with (docs/content-design.md, "Page bodies and documents"): one
 * read of `page_bodies` for all the pages of an answer, then, for `format=document` or
 * `format.markdown.refs=stable`, the conversion, off the event loop past a few KiB.
 */
@Injectable()
export class PageBodies {
  constructor(
    private readonly trees: RevisionTrees,
    private readonly work: WorkPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Each page's body in the form, by page id. */
  async of(view: ContentView, pages: readonly PageNode[], form: BodyForm): Promise<Map<string, AnsweredBody>> {
    const stored = await this.trees.bodies(pages.map((page) => page.bodyHash));
    const markdown = pages.map((page) => stored.get(page.bodyHash) ?? '');
    const texts = form === 'markdown' ? markdown : await this.converted(view, pages, markdown, form);
    const answered = (text: string): AnsweredBody => (form === 'document' ? { document: new JsonText(text) } : { markdown: text });
    return new Map(pages.map((page, i) => [page.id, answered(texts[i]!)]));
  }

  private async converted(
    view: ContentView,
    pages: readonly PageNode[],
    markdown: readonly string[],
    form: Exclude<BodyForm, 'markdown'>,
  ): Promise<string[]> {
    const links = linkDataOf(view.content, originOf(this.config.appUrl));
    const items = pages.map((page, i) => ({ pageId: page.id, markdown: markdown[i]! }));
    if (markdown.reduce((sum, text) => sum + text.length, 0) <= INLINE_CHARS) return pageBodyTexts({ form, links, pages: items });
    const tasks = inRuns(items, (item) => item.markdown.length, TASK_CHARS);
    const out: string[] = [];
    for (let first = 0; first < tasks.length; first += TASKS_AT_ONCE) {
      const wave = tasks.slice(first, first + TASKS_AT_ONCE).map((task) => this.run({ form, links, pages: task }, view));
      for (const texts of await Promise.all(wave)) out.push(...texts);
    }
    return out;
  }

  private run(input: Parameters<typeof pageBodyTexts>[0], view: ContentView): Promise<string[]> {
    return this.work
      .run<string[]>(TASK, 'pageBodyTexts', input, { budgetMs: BUDGET_MS, key: view.space.organizationId })
      .catch((error: unknown) => {
        if (!(error instanceof WorkError) || (error.kind !== 'timeout' && error.kind !== 'memory')) throw error;
        const named = input.pages.slice(0, 5).map((page) => page.pageId);
        const more = input.pages.length > named.length ? ` and ${input.pages.length - named.length} more` : '';
        throw new WorkError(
          error.kind,
          `the markdown of page ${named.join(', ')}${more} could not be converted (${error.message}); simplify it, or read it as markdown`,
        );
      });
  }
}
