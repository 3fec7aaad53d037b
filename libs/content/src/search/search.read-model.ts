import { defineReadModel, Doc, Filter, Page, ReadModels, TextSearchQuery, TextSearchResult, Provided } from '@docs/platform/projections';

/**
 * The search index of the live content (docs/content-design.md, "Search, as built"): one document
 * per section of each live page, ranked by the read store's full-text search (title hits weigh 4,
 * body hits 1); and, for the projection's own bookkeeping, one document per live page and per
 * space, so a delete finds a page's subtree and a purge the space's pages by id only.
 */
export interface SearchSectionDoc extends Doc {
  spaceId: string;
  pageId: string;
  /** Position in the page (0: the text before the first heading, titled with the page title). */
  index: number;
  /** `""` for the first section, else the heading's anchor (unique in the page). */
  anchor: string;
  title: string;
  /** Plain text (markup stripped). */
  body: string;
}

export interface SearchPageDoc extends Doc {
  spaceId: string;
  parent: string | null;
  title: string;
  /** Its live children, in no particular order (the tree's order comes from the revision). */
  children: string[];
  /** How many sections it has (their ids are `sectionId(pageId, 0..n-1)`). */
  sections: number;
}

export interface SearchSpaceDoc extends Doc {
  /** Its live top-level pages. */
  roots: string[];
}

export const sectionId = (pageId: string, index: number) => `${pageId}:${index}`;

export const SEARCH_SECTIONS = defineReadModel<SearchSectionDoc>({
  name: 'search_sections',
  fields: ['spaceId', 'pageId'],
  text: { title: 4, body: 1 },
  // Every search is within a space or a few: the index reads only their postings (docs/read-models.md).
  textScope: 'spaceId',
});

export const SEARCH_PAGES = defineReadModel<SearchPageDoc>({ name: 'search_pages' });

export const SEARCH_SPACES = defineReadModel<SearchSpaceDoc>({ name: 'search_spaces' });

/** Sections kept per page in a result. */
export const SECTIONS_PER_PAGE = 5;
/** Sections kept per space in an organization's result (then grouped by page). */
export const SECTIONS_PER_SPACE = 30;

@Provided()
export class SearchReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** Pages of one space matching `text`, best first, each with its best sections. */
  inSpace(spaceId: string, text: string, page: Page): Promise<TextSearchResult<SearchSectionDoc>> {
    return this.sections({ field: 'spaceId', op: 'eq', value: spaceId }, text, { groupBy: 'pageId', perGroup: SECTIONS_PER_PAGE, ...page });
  }

  /** Spaces among `spaceIds` with pages matching `text`, best first, each with its best sections. */
  inSpaces(spaceIds: string[], text: string, page: Page): Promise<TextSearchResult<SearchSectionDoc>> {
    return this.sections({ field: 'spaceId', op: 'in', values: spaceIds }, text, {
      groupBy: 'spaceId',
      perGroup: SECTIONS_PER_SPACE,
      ...page,
    });
  }

  /** Sections in the spaces `scope` names matching `text`, grouped (by page, by space), the best first. */
  private sections(scope: Filter, text: string, grouping: Page & Pick<TextSearchQuery, 'groupBy' | 'perGroup'>) {
    return this.readModels.search(SEARCH_SECTIONS, { where: [scope], text, ...grouping });
  }
}
