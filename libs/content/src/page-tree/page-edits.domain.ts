import { invalid, sha256 } from '@docs/kernel';
import { EditableTree } from './editable-tree.domain';
import { Bodies } from './merge.domain';
import { formatBytes, MAX_PAGE_DEPTH, MAX_PAGE_MARKDOWN_BYTES, oversizeMarkdown } from './page-limits.domain';
import {
  EMPTY_BODY_HASH,
  isHidden,
  PageNode,
  PageTree,
  rankAt,
  requireNoCycle,
  requirePage,
  slugify,
  subtreeOf,
  TreeChange,
  uniqueSlug,
} from './page-tree.domain';

/** `slug`: set explicitly (unique among the siblings, or the edit is refused); derived from the title otherwise. */
type PageFields = { title?: string; emoji?: string; description?: string; hidden?: boolean; slug?: string; markdown?: string };

/** One edit of GitBook's `updateChangeRequestContent`, as the HTTP layer validated it. */
export type PageEdit =
  | ({ operation: 'insert_page'; into?: string; at?: number } & PageFields)
  | ({ operation: 'update_page'; page: string; into?: string | null; at?: number } & PageFields)
  | { operation: 'delete_page'; page: string }
  | { operation: 'revert_page'; page: string };

/** What planning edits needs besides the tree: ids for new pages, and the base to revert to. */
export interface EditContext {
  /** One new id per `insert_page`, in order. */
  newPageIds: readonly string[];
  /** The tree a `revert_page` goes back to (the change request's base), and its bodies. */
  base: PageTree;
  baseBodies: Bodies;
}

export const DEFAULT_TITLE = 'Untitled';

/** A `# ` line: the text after the marker, from its first visible character to the end of the line. */
const LEVEL_ONE_HEADING = /^#[ \t]+(\S.*)$/gm;

/**
 * The title of a new page: the one given, else the text of the markdown's first `# ` heading (its
 * closing `#`s dropped), else a default. Linear in the markdown: the trailing spaces and `#`s are
 * cut by hand, as a pattern such as `(.+?)[ \t#]*$` retries from every character of a long line.
 */
export function titleOf(edit: PageFields): string {
  if (edit.title) return edit.title;
  for (const [, text] of (edit.markdown ?? '').matchAll(LEVEL_ONE_HEADING)) {
    let end = text!.length;
    while (end > 0 && ' \t#'.includes(text![end - 1]!)) end--;
    if (end > 0) return text!.slice(0, Math.min(end, 200));
  }
  return DEFAULT_TITLE;
}

/** Refuses a page whose markdown is past the cap (domain/page-limits.ts), naming the page. */
function requireMarkdownWithinCap(markdown: string | undefined, page: string): void {
  const bytes = markdown === undefined ? null : oversizeMarkdown(markdown);
  if (bytes === null) return;
  throw invalid(
    `document.markdown: ${page} has ${formatBytes(bytes)} of markdown; a page holds at most ` +
      `${formatBytes(MAX_PAGE_MARKDOWN_BYTES)} (${MAX_PAGE_MARKDOWN_BYTES} bytes)`,
  );
}

/**
 * Every page of `edits` within the cap, or a 400 naming the first that is not: what planEdits checks, cheap enough to run before any
 * upload.
 */
export function requirePagesWithinCap(edits: readonly PageEdit[]): void {
  for (const [index, edit] of edits.entries()) {
    if (edit.operation !== 'insert_page' && edit.operation !== 'update_page') continue;
    try {
      requireMarkdownWithinCap(edit.markdown, edit.operation === 'insert_page' ? 'the new page' : `page ${edit.page}`);
    } catch (error) {
      (error as Error).message = `changes[${index}]: ${(error as Error).message}`;
      throw error;
    }
  }
}

/** How deep a page is (1 at the top level), its ancestors walked once (a cyclic tree stops at the first repeat). */
export function depthOf(tree: PageTree, pageId: string): number {
  const seen = new Set<string>();
  for (let id: string | null | undefined = pageId; id != null && !seen.has(id); id = tree.get(id)?.parent) seen.add(id);
  return seen.size;
}

/** How many levels a page and the pages under it take (1 without children), in one pass over the tree. */
function heightOf(tree: PageTree, pageId: string): number {
  const children = new Map<string, string[]>();
  for (const page of tree.values()) {
    if (page.parent === null) continue;
    const siblings = children.get(page.parent);
    if (siblings) siblings.push(page.id);
    else children.set(page.parent, [page.id]);
  }
  let height = 0;
  const seen = new Set<string>();
  for (
    let level = [pageId];
    level.length > 0;
    level = level.flatMap((id) => (children.get(id) ?? []).filter((child) => !seen.has(child)))
  ) {
    for (const id of level) seen.add(id);
    height++;
  }
  return height;
}

/** Refuses to put `levels` levels of pages under `parent` past MAX_PAGE_DEPTH. */
function requireDepth(tree: PageTree, parent: string | null, levels: number, what: string): void {
  const depth = (parent === null ? 0 : depthOf(tree, parent)) + levels;
  if (depth > MAX_PAGE_DEPTH)
    throw invalid(`into: ${what} would nest pages ${depth} levels deep; pages nest at most ${MAX_PAGE_DEPTH} levels`);
}

/** An explicit slug, when no sibling of `parent` other than `self` has it. */
function freeSlug(tree: PageTree, parent: string | null, slug: string, self?: string): string {
  if (uniqueSlug(tree, parent, slug, self) !== slug) throw invalid(`slug: "${slug}" is taken by a sibling page`);
  return slug;
}

function planInsert(tree: PageTree, edit: Extract<PageEdit, { operation: 'insert_page' }>, id: string): TreeChange {
  const parent = edit.into ?? null;
  if (parent !== null) requirePage(tree, parent);
  requireDepth(tree, parent, 1, `a new page under page ${parent}`);
  requireMarkdownWithinCap(edit.markdown, 'the new page');
  const title = titleOf(edit);
  const markdown = edit.markdown ?? '';
  const page: PageNode = {
    id,
    title,
    emoji: edit.emoji ?? '',
    description: edit.description ?? '',
    ...(edit.hidden ? { hidden: true } : {}),
    slug: edit.slug !== undefined ? freeSlug(tree, parent, edit.slug) : uniqueSlug(tree, parent, slugify(title)),
    parent,
    rank: rankAt(tree, parent, edit.at),
    bodyHash: sha256(markdown),
  };
  return { op: 'insert', page, markdown };
}

function planUpdate(tree: PageTree, edit: Extract<PageEdit, { operation: 'update_page' }>): TreeChange {
  const page = requirePage(tree, edit.page);
  requireMarkdownWithinCap(edit.markdown, `page ${page.id}`);
  const fields: Partial<PageNode> = {};
  if (edit.title !== undefined && edit.title !== page.title) fields.title = edit.title;
  if (edit.emoji !== undefined && edit.emoji !== page.emoji) fields.emoji = edit.emoji;
  if (edit.description !== undefined && edit.description !== page.description) fields.description = edit.description;
  if (edit.hidden !== undefined && edit.hidden !== isHidden(page)) fields.hidden = edit.hidden;
  const parent = edit.into === undefined ? page.parent : edit.into;
  if (parent !== page.parent) {
    requireNoCycle(tree, page.id, parent);
    requireDepth(tree, parent, heightOf(tree, page.id), `moving page ${page.id} under page ${parent}`);
    fields.parent = parent;
  }
  if (parent !== page.parent || edit.at !== undefined) fields.rank = rankAt(tree, parent, edit.at, page.id);
  if (edit.slug !== undefined) {
    const slug = freeSlug(tree, parent, edit.slug, page.id);
    if (slug !== page.slug) fields.slug = slug;
  } else if (fields.title !== undefined || fields.parent !== undefined) {
    const slug = uniqueSlug(tree, parent, fields.title !== undefined ? slugify(fields.title) : page.slug, page.id);
    if (slug !== page.slug) fields.slug = slug;
  }
  const markdown = edit.markdown !== undefined && sha256(edit.markdown) !== page.bodyHash ? edit.markdown : undefined;
  return { op: 'update', pageId: page.id, fields, ...(markdown !== undefined ? { markdown } : {}) };
}

/** A whole-page revert: removes a page the base lacks, restores one the base has (with its body). */
function planRevert(tree: PageTree, pageId: string, context: EditContext): TreeChange[] {
  const before = context.base.get(pageId);
  const now = tree.get(pageId);
  if (!before && !now) throw invalid(`revert_page: page ${pageId} is in neither the change request nor its base`);
  if (!before) return [{ op: 'delete', pageId }];
  if (before.parent !== null && !tree.has(before.parent))
    throw invalid(`revert_page: the parent of page ${pageId} no longer exists; revert it first`);
  const markdown = before.bodyHash === EMPTY_BODY_HASH ? '' : context.baseBodies.get(before.bodyHash);
  if (markdown === undefined) throw new Error(`body ${before.bodyHash} of page ${pageId} was not provided`);
  if (!now) return [{ op: 'insert', page: before, markdown }];
  const { id: _id, bodyHash: _hash, ...fields } = before;
  return [{ op: 'update', pageId, fields, ...(now.bodyHash !== before.bodyHash ? { markdown } : {}) }];
}

/**
 * Turns a batch of edits into recorded changes, each planned against the tree the previous ones
 * produced: ids, slugs (unique among siblings) and ranks are decided here, once, so replaying the
 * event rebuilds exactly this revision. Edits that change nothing are dropped.
 */
export function planEdits(tree: PageTree, edits: readonly PageEdit[], context: EditContext): TreeChange[] {
  const steps = planEditSteps(tree, edits, context);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `planEdits` a step per edit (it yields after each), so a caller outside a decider can plan 2,000
 * pages in turns of the event loop (`inTurns` of @docs/platform) instead of holding it.
 */
export function* planEditSteps(tree: PageTree, edits: readonly PageEdit[], context: EditContext): Generator<void, TreeChange[]> {
  const changes: TreeChange[] = [];
  const working = new EditableTree(tree);
  let inserted = 0;
  for (const [index, edit] of edits.entries()) {
    let planned: TreeChange[];
    try {
      switch (edit.operation) {
        case 'insert_page':
          planned = [planInsert(working, edit, context.newPageIds[inserted++]!)];
          break;
        case 'update_page':
          planned = [planUpdate(working, edit)];
          break;
        case 'delete_page':
          requirePage(working, edit.page);
          planned = [{ op: 'delete', pageId: edit.page }];
          break;
        case 'revert_page':
          planned = planRevert(working, edit.page, context);
          break;
      }
    } catch (error) {
      if (error instanceof Error && 'kind' in error) error.message = `changes[${index}]: ${error.message}`;
      throw error;
    }
    const effective = planned.filter((c) => c.op !== 'update' || Object.keys(c.fields).length > 0 || c.markdown !== undefined);
    changes.push(...effective);
    working.apply(effective);
    yield;
  }
  return changes;
}

/** The ids a batch deletes, subtrees included (for answers and links). */
export const deletedBy = (tree: PageTree, changes: readonly TreeChange[]): string[] =>
  changes.flatMap((c) => (c.op === 'delete' ? subtreeOf(tree, c.pageId) : []));
