import { Injectable } from '@nestjs/common';
import { TextHit } from '@docs/platform';
import { PageNode } from '../page-tree/page-tree.domain';
import { SearchSectionDoc } from './search.read-model';
import { SpaceDoc } from '../spaces/reads/spaces.read-model';
import { RevisionTrees } from '../revisions/revision-trees';

/** A matching section and its relevance. */
export interface SectionHit {
  section: SearchSectionDoc;
  score: number;
}

/** A matching page of the live content: where it is now, and its matching sections, best first. */
export interface PageHit {
  spaceId: string;
  page: PageNode;
  path: string;
  /** Titles from the top level down to the parent. */
  ancestors: string[];
  score: number;
  rank: number;
  sections: SectionHit[];
}

/**
 * Section hits (from the search index) placed in the space's live tree: paths, titles and
 * ancestors are read from the live revision when answering (RevisionTrees), so renames and moves
 * need no reindexing. A hit on a page the live tree no longer holds (the index may commit a moment
 * apart from the revisions) is left out.
 */
@Injectable()
export class SearchHits {
  constructor(private readonly trees: RevisionTrees) {}

  /** The pages of `space` its hits belong to, in the order of their first (best) hit, ranked from `firstRank`. */
  async pagesOf(space: Pick<SpaceDoc, 'id' | 'revision'>, hits: readonly TextHit<SearchSectionDoc>[], firstRank = 1): Promise<PageHit[]> {
    const content = await this.trees.content(space.id, space.revision);
    const pages = new Map<string, PageHit>();
    for (const { doc, score } of hits) {
      const page = content.tree.get(doc.pageId);
      const path = content.paths.get(doc.pageId);
      if (!page || path === undefined) continue;
      let hit = pages.get(page.id);
      if (!hit) {
        const ancestors: string[] = [];
        const seen = new Set([page.id]);
        for (
          let up = page.parent === null ? undefined : content.tree.get(page.parent);
          up && !seen.has(up.id);
          up = up.parent === null ? undefined : content.tree.get(up.parent)
        ) {
          seen.add(up.id);
          ancestors.unshift(up.title);
        }
        pages.set(page.id, (hit = { spaceId: space.id, page, path, ancestors, score, rank: 0, sections: [] }));
      }
      hit.sections.push({ section: doc, score });
    }
    // An empty first section (a page that starts with its heading) matches by the page title only:
    // shown when nothing else of the page matched.
    const shown = (hit: PageHit) => {
      const rest = hit.sections.filter(({ section }) => section.index !== 0 || section.body !== '');
      return rest.length > 0 ? rest : hit.sections;
    };
    return [...pages.values()].map((hit, i) => ({ ...hit, sections: shown(hit), rank: firstRank + i }));
  }
}
