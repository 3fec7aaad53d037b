import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, textTerms } from '@docs/platform';
import { SpaceHit } from './search-organization';
import { PageHit, SectionHit } from './search-hits';
import { SearchPageResultResponse, SearchSectionResultResponse, SearchSpaceResultResponse } from './search.response';

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** Characters of a section's text shown around its first matching word. */
const EXCERPT = 240;
const BEFORE = 60;

/**
 * The section's text around the first word of the query found in it (case-insensitively; a stemmed
 * match such as "deploying" for "deploy" is looked for by its first letters), else its beginning,
 * cut at about EXCERPT characters on word boundaries.
 */
export function excerpt(body: string, query: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT) return text;
  const lower = text.toLowerCase();
  let at = -1;
  for (const term of textTerms(query)) {
    const needle = term.toLowerCase();
    at = lower.indexOf(needle);
    if (at < 0 && needle.length > 4) at = lower.indexOf(needle.slice(0, 4));
    if (at >= 0) break;
  }
  let start = Math.max(0, at - BEFORE);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(text.length, start + EXCERPT);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start ? space : end;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** GitBook's SearchSpaceResult, SearchPageResult and SearchSectionResult objects (no I/O). */
@Injectable()
export class SearchPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  space(hit: SpaceHit, query: string): SearchSpaceResultResponse {
    return {
      type: 'space',
      id: hit.space.id,
      title: hit.space.title,
      score: hit.score,
      pages: hit.pages.map((page) => this.page(page, query)),
    };
  }

  page(hit: PageHit, query: string): SearchPageResultResponse {
    const app = `${this.config.appUrl}/s/${hit.spaceId}/${encodePath(hit.path)}`;
    return {
      id: hit.page.id,
      title: hit.page.title,
      description: hit.page.description,
      path: hit.path,
      score: hit.score,
      rank: hit.rank,
      sections: hit.sections.map((section) => this.section(hit, app, section, query)),
      ancestors: hit.ancestors.map((title) => ({ title })),
      urls: { app },
    };
  }

  private section(page: PageHit, pageApp: string, { section, score }: SectionHit, query: string): SearchSectionResultResponse {
    const anchor = section.anchor ? `#${encodeURIComponent(section.anchor)}` : '';
    return {
      id: section.anchor ? `${page.page.id}#${section.anchor}` : page.page.id,
      // The first section carries the page's title as it is now (a rename is not reindexed).
      title: section.index === 0 ? page.page.title : section.title,
      path: `${page.path}${anchor}`,
      score,
      body: excerpt(section.body, query),
      urls: { app: `${pageApp}${anchor}` },
    };
  }
}
