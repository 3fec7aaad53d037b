import { Injectable } from '@nestjs/common';
import { notFound, WorkError, WorkPool } from '@docs/platform';
import { PageNode } from '../page-tree/page-tree.domain';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { DiffBudget, LineDiff, lineDiff } from './line-diff';
import { PageAt } from './semantic-changes.domain';

const TASK = require.resolve('./line-diff.task');
/**
 * Text (both bodies) diffed on the event loop at most, within a budget of a few milliseconds
 * (Myers' diff is O((N+M)·D)): most edits of most pages. Larger pages (up to 1 MiB each, the page
 * cap), and small ones that differ in too many lines for the budget, are diffed in a work thread.
 */
const INLINE_CHARS = 16 * 1024;
const INLINE_BUDGET: DiffBudget = { maxEditLines: 1_000, timeoutMs: 10 };
/**
 * A work thread gives up past 10,000 changed lines or 5 s (the pool stops the thread at 10 s): a
 * diff that large is no help to a reviewer, who reads the page itself.
 */
export const THREAD_BUDGET: DiffBudget = { maxEditLines: 10_000, timeoutMs: 5_000 };
const TASK_BUDGET_MS = 10_000;

/** A page's line diff between two revisions, and the page on each side (null where it is absent). */
export interface PageDiffView {
  pageId: string;
  from: { revision: string; page: PageAt | null };
  to: { revision: string; page: PageAt | null };
  diff: LineDiff;
}

const at = (content: RevisionContent, page: PageNode | undefined): PageAt | null =>
  page ? { page, path: content.paths.get(page.id) ?? page.slug } : null;

/**
 * Line diffs of a page's markdown between two revisions of a space (this server's extension, for
 * reviewers: docs/content-design.md, "What a change request changes"). Reads the two bodies only
 * when their hashes differ; a page absent on one side diffs against an empty body.
 */
@Injectable()
export class PageLineDiffs {
  constructor(
    private readonly trees: RevisionTrees,
    private readonly work: WorkPool,
  ) {}

  async diff(from: RevisionContent, to: RevisionContent, pageId: string, context: number): Promise<PageDiffView> {
    const [was, is] = [from.tree.get(pageId), to.tree.get(pageId)];
    if (!was && !is) throw notFound(`page not found in either revision: ${pageId}`);
    const sides = { from: { revision: from.revision.id, page: at(from, was) }, to: { revision: to.revision.id, page: at(to, is) } };
    if (was?.bodyHash === is?.bodyHash) return { pageId, ...sides, diff: { hunks: [], added: 0, removed: 0 } };
    const bodies = await this.trees.bodies([was, is].flatMap((page) => (page ? [page.bodyHash] : [])));
    const [before, after] = [was ? (bodies.get(was.bodyHash) ?? '') : '', is ? (bodies.get(is.bodyHash) ?? '') : ''];
    const diff = await this.lines(before, after, context, to.revision.organizationId);
    if (!diff) {
      throw new WorkError(
        'timeout',
        `the markdown of page ${pageId} differs in more than ${THREAD_BUDGET.maxEditLines.toLocaleString('en-US')} lines between ` +
          `the two revisions, or too much to diff within ${THREAD_BUDGET.timeoutMs / 1000} s; read the page in each revision`,
      );
    }
    return { pageId, ...sides, diff };
  }

  private async lines(before: string, after: string, context: number, organizationId: string): Promise<LineDiff | null> {
    const inline = before.length + after.length <= INLINE_CHARS ? lineDiff(before, after, context, INLINE_BUDGET) : null;
    if (inline) return inline;
    return this.work.run<LineDiff | null>(
      TASK,
      'pageLineDiff',
      { before, after, context, budget: THREAD_BUDGET },
      { budgetMs: TASK_BUDGET_MS, key: organizationId },
    );
  }
}
