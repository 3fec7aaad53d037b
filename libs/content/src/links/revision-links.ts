import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Lru, WorkError, WorkPool, LoopTurns } from '@docs/platform';
import { extractLinks, LinkEntry, LinkGathering, LinkTargets, PageLinks, resolvePageLinks, WrittenLinks } from './links.domain';
import { linkTargetsOf, RevisionLinkData } from '../documents/page-bodies.domain';
import { PageNode } from '../page-tree/page-tree.domain';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';

/** How many bodies' extracted links stay in memory (a body's links depend on the body only). */
const CACHED_BODIES = 8192;
/** How many revisions' resolved links stay in memory (revisions never change). */
const CACHED_REVISIONS = 128;
/** How many bodies found too large to read for links are remembered. */
const CACHED_UNREADABLE = 1024;

const EXTRACT_TASK = require.resolve('./extract-links.task');
/**
 * Markdown read for links on the event loop at most (the bodies a revision's first read lacks,
 * together): markdown-it takes up to some 5 µs a character on hostile input, so 4 KiB is some
 * 20 ms. More is read in work threads, a task per MiB (up to some 5 s on hostile input, well within
 * the budget; past it, 422).
 */
const INLINE_EXTRACT_CHARS = 4 * 1024;
const TASK_CHARS = 1024 * 1024;
const EXTRACT_BUDGET_MS = 30_000;
/** Links resolved between two turns on the event loop. */
const LINKS_PER_TURN = 200;

/** Work that ran past its budget or heap: the input is too large (or too hostile) for it. */
const tooLarge = (error: unknown): error is WorkError =>
  error instanceof WorkError && (error.kind === 'timeout' || error.kind === 'memory');

/**
 * A revision's links: each page's (in tree order) and the whole revision's, one entry per target; and how many links pages write past the
 * cap.
 */
export interface LinksOfRevision {
  pages: PageLinks;
  byPage: ReadonlyMap<string, LinkEntry[]>;
  all: LinkEntry[];
  /** Links pages write past MAX_LINKS_PER_PAGE, left out of the lists: by page, and in all. */
  notListedByPage: ReadonlyMap<string, number>;
  notListed: number;
}

/** The pages, each with every page under it, depth first, siblings by rank (each once, even in a cyclic tree). */
export function pagesUnder(content: RevisionContent, roots: readonly PageNode[]): PageNode[] {
  const out: PageNode[] = [];
  const seen = new Set<string>();
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const page = stack.pop()!;
    if (seen.has(page.id)) continue;
    seen.add(page.id);
    out.push(page);
    const children = content.children.get(page.id) ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/** The revision's pages in tree order. */
export function pagesInOrder(content: RevisionContent): PageNode[] {
  return pagesUnder(content, content.children.get(null) ?? []);
}

/** What resolving a link needs from a revision, as plain data (it is handed to work threads too: content-reads/page-bodies.ts). */
export function linkDataOf(content: RevisionContent, appOrigin: string | undefined): RevisionLinkData {
  const fileNames = new Map<string, string>();
  for (const file of content.files) if (!fileNames.has(file.name)) fileNames.set(file.name, file.id);
  const withChildren = new Set<string>();
  for (const [parent, children] of content.children) if (parent !== null && children.length > 0) withChildren.add(parent);
  const firstPage = content.children.get(null)?.[0]?.id;
  return {
    pages: new Set(content.tree.keys()),
    byPath: content.byPath,
    paths: content.paths,
    withChildren,
    ...(firstPage !== undefined ? { firstPage } : {}),
    files: new Set(content.files.map((file) => file.id)),
    fileNames,
    ...(appOrigin ? { appOrigin } : {}),
  };
}

/** What resolving a link needs from a revision (domain/links.ts `LinkTargets`). */
export function targetsOf(content: RevisionContent, appOrigin: string | undefined): LinkTargets {
  return linkTargetsOf(linkDataOf(content, appOrigin));
}

/** The origin of a URL (the application's, for `in-app` links), or undefined for none. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The links of revisions, computed from their markdown. Cost: the links a body writes depend on
 * the body only, so they are extracted once per body hash (in work threads when large) and kept (least recently used out);
 * resolving them against a revision's tree and files is done once per revision and kept too
 * (revisions never change, so nothing kept is ever stale). A revision's first read fetches, in one
 * read of `page_bodies`, only the bodies whose links are not kept.
 */
@Injectable()
export class RevisionLinks {
  private readonly written = new Lru<WrittenLinks>(CACHED_BODIES);
  /** Bodies whose links could not be read within the budget, and why: not read again. */
  private readonly unreadable = new Lru<string>(CACHED_UNREADABLE);
  private readonly revisions = new Lru<Promise<LinksOfRevision>>(CACHED_REVISIONS);
  private readonly appOrigin: string | undefined;

  constructor(
    private readonly trees: RevisionTrees,
    private readonly work: WorkPool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.appOrigin = originOf(config.appUrl);
  }

  of(content: RevisionContent): Promise<LinksOfRevision> {
    const key = `${content.revision.spaceId}:${content.revision.id}`;
    const kept = this.revisions.get(key);
    if (kept) return kept;
    const computing = this.compute(content);
    this.revisions.set(key, computing);
    computing.catch(() => this.revisions.delete(key));
    return computing;
  }

  private async compute(content: RevisionContent): Promise<LinksOfRevision> {
    const pages = pagesInOrder(content);
    const written = new Map<string, WrittenLinks>();
    const missing: string[] = [];
    for (const hash of new Set(pages.map((p) => p.bodyHash))) {
      const kept = this.written.get(hash);
      if (kept) written.set(hash, kept);
      else missing.push(hash);
    }
    if (missing.length > 0) {
      const unreadable = missing.find((hash) => this.unreadable.get(hash) !== undefined);
      if (unreadable !== undefined) throw this.unreadableError(pages, unreadable);
      const bodies = await this.trees.bodies(missing);
      const texts = missing.map((hash) => bodies.get(hash) ?? '');
      const extracted = await this.extract(missing, texts, content.revision.organizationId);
      missing.forEach((hash, i) => {
        const links = extracted[i];
        if (!links) return;
        written.set(hash, links);
        this.written.set(hash, links);
      });
      const failed = missing.find((_, i) => extracted[i] === null);
      if (failed !== undefined) throw this.unreadableError(pages, failed);
    }
    // A few hundred links at a time, taking turns with requests: 50 pages at the cap of 1,000 links are a second of work.
    const targets = targetsOf(content, this.appOrigin);
    const pageLinks: { pageId: string; links: LinkEntry[]; notListed: number }[] = [];
    const byPage = new Map<string, LinkEntry[]>();
    const notListedByPage = new Map<string, number>();
    const all = new LinkGathering();
    const turns = new LoopTurns();
    let notListed = 0;
    for (const page of pages) {
      const extracted = written.get(page.bodyHash) ?? { links: [], notListed: 0 };
      const own = new LinkGathering();
      for (let first = 0; first < extracted.links.length; first += LINKS_PER_TURN) {
        await turns.take();
        own.add(page.id, resolvePageLinks(extracted.links.slice(first, first + LINKS_PER_TURN), page.id, targets));
      }
      const links = own.entries();
      pageLinks.push({ pageId: page.id, links, notListed: extracted.notListed });
      byPage.set(page.id, links);
      all.add(page.id, links);
      if (extracted.notListed > 0) notListedByPage.set(page.id, extracted.notListed);
      notListed += extracted.notListed;
    }
    return { pages: pageLinks, byPage, all: all.entries(), notListedByPage, notListed };
  }

  /**
   * The links of bodies: on the event loop when they are a few KiB in all, else in work threads, a
   * task per MiB. A task past its budget or heap is tried again body by body, so the body that does
   * not fit is known (null) and remembered: it is not read again, and its listings answer 422 at once.
   */
  private async extract(hashes: readonly string[], texts: readonly string[], organizationId: string): Promise<(WrittenLinks | null)[]> {
    if (texts.reduce((sum, text) => sum + text.length, 0) <= INLINE_EXTRACT_CHARS) return texts.map((text) => extractLinks(text));
    const out: (WrittenLinks | null)[] = [];
    for (let first = 0; first < texts.length; ) {
      let last = first + 1;
      for (let chars = texts[first]!.length; last < texts.length && chars + texts[last]!.length <= TASK_CHARS; last++)
        chars += texts[last]!.length;
      try {
        out.push(...(await this.runExtract(texts.slice(first, last), organizationId)));
      } catch (error) {
        if (!tooLarge(error)) throw error;
        for (let i = first; i < last; i++) {
          const alone =
            last - first === 1
              ? error
              : await this.runExtract([texts[i]!], organizationId).then(
                  ([links]) => links!,
                  (e: unknown) => e,
                );
          if (tooLarge(alone)) this.unreadable.set(hashes[i]!, alone.message);
          else if (alone instanceof Error) throw alone;
          out.push(tooLarge(alone) ? null : (alone as WrittenLinks));
        }
      }
      first = last;
    }
    return out;
  }

  private runExtract(texts: readonly string[], organizationId: string): Promise<WrittenLinks[]> {
    return this.work.run<WrittenLinks[]>(EXTRACT_TASK, 'extractLinksOf', texts, { budgetMs: EXTRACT_BUDGET_MS, key: organizationId });
  }

  /** 422 naming the page whose markdown could not be read for links within the budget (WorkError's answer). */
  private unreadableError(pages: readonly PageNode[], hash: string): WorkError {
    const page = pages.find((p) => p.bodyHash === hash);
    return new WorkError(
      'timeout',
      `the links of page ${page?.id ?? hash} could not be read (${this.unreadable.get(hash)}); simplify its markdown`,
    );
  }
}
