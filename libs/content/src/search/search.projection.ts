import { defineProjection, inTurns, LoopTurns, ProjectionWriter } from '@docs/platform/projections';
import { firstRevisionPages, PageNode, TreeChange } from '../page-tree/page-tree.domain';
import { LiveContentChanged, SpaceCreated, SpacePurged } from '../spaces/space.events';
import { SEARCH_PAGES, SEARCH_SECTIONS, SEARCH_SPACES, SearchPageDoc, sectionId } from './search.read-model';
import { scanSections } from './search.sections';

/** The projection lets other work (requests, /health) run once it has held the loop 10 ms: one event may bring many large pages. */
const turns = new LoopTurns(10);

/** Writes the sections of a page's markdown, and deletes those beyond them; answers how many. */
async function putSections(
  w: ProjectionWriter,
  spaceId: string,
  pageId: string,
  title: string,
  markdown: string,
  before: number,
): Promise<number> {
  // A page's sections, read a step at a time (search.sections.ts), the loop turning between steps.
  const sections = await inTurns(scanSections(title, markdown), turns);
  for (const [index, section] of sections.entries()) {
    w.put(SEARCH_SECTIONS, { id: sectionId(pageId, index), spaceId, pageId, index, ...section });
  }
  for (let index = sections.length; index < before; index++) w.delete(SEARCH_SECTIONS, sectionId(pageId, index));
  await turns.take();
  return sections.length;
}

/** Adds `pageId` to its parent's children (or the space's top level), or takes it out. */
async function link(w: ProjectionWriter, spaceId: string, parent: string | null, pageId: string, add: boolean): Promise<void> {
  const change = (ids: string[]) => (add ? (ids.includes(pageId) ? ids : [...ids, pageId]) : ids.filter((id) => id !== pageId));
  if (parent === null) {
    await w.update(SEARCH_SPACES, spaceId, (space) => ({ id: spaceId, roots: change(space?.roots ?? []) }));
  } else {
    // A child recorded before its parent (not an order the deciders produce) waits in a stub the parent's insert keeps.
    await w.update(SEARCH_PAGES, parent, (page) =>
      page
        ? { ...page, children: change(page.children) }
        : add
          ? { id: parent, spaceId, parent: null, title: '', children: [pageId], sections: 0 }
          : null,
    );
  }
}

async function insertPage(w: ProjectionWriter, spaceId: string, page: PageNode, markdown: string): Promise<void> {
  const stub = await w.get(SEARCH_PAGES, page.id);
  const sections = await putSections(w, spaceId, page.id, page.title, markdown, stub?.sections ?? 0);
  w.put(SEARCH_PAGES, { id: page.id, spaceId, parent: page.parent, title: page.title, children: stub?.children ?? [], sections });
  await link(w, spaceId, page.parent, page.id, true);
}

/** The page and every page under it, each once. */
async function subtree(w: ProjectionWriter, roots: string[]): Promise<SearchPageDoc[]> {
  const pages: SearchPageDoc[] = [];
  const seen = new Set<string>();
  const queue = [...roots];
  for (let next = 0; next < queue.length; next++) {
    const id = queue[next]!;
    if (seen.has(id)) continue;
    seen.add(id);
    const page = await w.get(SEARCH_PAGES, id);
    if (!page) continue;
    pages.push(page);
    queue.push(...page.children);
  }
  return pages;
}

function dropPages(w: ProjectionWriter, pages: SearchPageDoc[]): void {
  for (const page of pages) {
    for (let index = 0; index < page.sections; index++) w.delete(SEARCH_SECTIONS, sectionId(page.id, index));
    w.delete(SEARCH_PAGES, page.id);
  }
}

async function applyChange(w: ProjectionWriter, spaceId: string, change: TreeChange): Promise<void> {
  switch (change.op) {
    case 'insert':
      return insertPage(w, spaceId, change.page, change.markdown);
    case 'update': {
      const page = await w.get(SEARCH_PAGES, change.pageId);
      if (!page) return;
      const { parent = page.parent, title = page.title } = change.fields;
      if (parent !== page.parent) {
        await link(w, spaceId, page.parent, page.id, false);
        await link(w, spaceId, parent, page.id, true);
      }
      let sections = page.sections;
      if (change.markdown !== undefined) {
        sections = await putSections(w, spaceId, page.id, title, change.markdown, page.sections);
      } else if (title !== page.title) {
        // A rename changes the first section's title only; paths come from the live tree when answering.
        await w.update(SEARCH_SECTIONS, sectionId(page.id, 0), (first) => (first ? { ...first, title } : null));
      }
      // `children` as stored now: linking above may have changed this very page's document.
      const current = (await w.get(SEARCH_PAGES, page.id)) ?? page;
      w.put(SEARCH_PAGES, { ...current, parent, title, sections });
      return;
    }
    case 'delete': {
      const page = await w.get(SEARCH_PAGES, change.pageId);
      if (!page) return;
      await link(w, spaceId, page.parent, page.id, false);
      dropPages(w, await subtree(w, [page.id]));
      return;
    }
  }
}

/**
 * The search index of the live content (search.read-model.ts): sections of every live page,
 * following `SpaceCreated` (the first, empty page), `LiveContentChanged` (edits, merges and
 * duplicates: the changes carry the markdown of inserted and updated pages) and `SpacePurged`.
 * Trash and restore change nothing here: searches only ever look in the active spaces the caller
 * can see. Reads by id only, so a replay builds the full-text index once at the end.
 */
export const searchProjection = defineProjection<SpaceCreated | LiveContentChanged | SpacePurged>({
  name: 'search',
  // 2: sections read by a linear scanner (search.sections.ts), capped per page.
  version: 2,
  collections: [SEARCH_SECTIONS, SEARCH_PAGES, SEARCH_SPACES],
  applyReadsByIdOnly: true,
  on: {
    async SpaceCreated({ data }, w) {
      w.put(SEARCH_SPACES, { id: data.spaceId, roots: [] });
      for (const page of firstRevisionPages(data.revisionId, data.empty === true)) await insertPage(w, data.spaceId, page, '');
    },
    async LiveContentChanged({ data }, w) {
      for (const change of data.changes) await applyChange(w, data.spaceId, change);
    },
    async SpacePurged({ data: { spaceId } }, w) {
      const space = await w.get(SEARCH_SPACES, spaceId);
      if (!space) return;
      dropPages(w, await subtree(w, space.roots));
      w.delete(SEARCH_SPACES, spaceId);
    },
  },
});
