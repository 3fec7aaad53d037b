import { Inject, Injectable } from '@nestjs/common';
import type { PageMatch, SearchSpaceResultResponse } from '@docs/content';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import type { SiteSpaceMatch } from './site-search';

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** searchSiteContent's items: GitBook's SearchSpaceResult for each site space with matches (no I/O). */
@Injectable()
export class SiteSearchPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  siteSpace({ siteSpace, score, pages }: SiteSpaceMatch): SearchSpaceResultResponse {
    return {
      type: 'space',
      id: siteSpace.spaceId,
      title: siteSpace.title,
      score,
      pages: pages.map((p) => this.page(siteSpace.spaceId, p)),
    };
  }

  private page(spaceId: string, page: PageMatch): SearchSpaceResultResponse['pages'][number] {
    const app = `${this.config.appUrl}/s/${spaceId}/${encodePath(page.path)}`;
    return {
      id: page.id,
      title: page.title,
      description: page.description,
      path: page.path,
      score: page.score,
      rank: page.rank,
      sections: page.sections.map((section) => {
        const anchor = section.anchor ? `#${encodeURIComponent(section.anchor)}` : '';
        return {
          id: section.anchor ? `${page.id}#${section.anchor}` : page.id,
          title: section.title,
          path: `${page.path}${anchor}`,
          score: section.score,
          body: section.excerpt,
          urls: { app: `${app}${anchor}` },
        };
      }),
      ancestors: page.ancestors.map((title) => ({ title })),
      urls: { app },
    };
  }
}
