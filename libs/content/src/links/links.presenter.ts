import { Injectable } from '@nestjs/common';
import { envelope, ListEnvelope } from '@docs/platform';
import { BacklinksView } from './list-file-backlinks';
import { LinksView } from './list-space-links';
import { ContentView } from '../revisions/read-content';
import { LinkEntry, LinkTarget } from './links.domain';
import { ContentLinkLocationResponse, ContentLinkResponse, ContentLinksResponse, ContentLinkTargetResponse } from './link.response';

/** Link listings and backlinks as the seed shapes them (docs/content-design.md, "Links and backlinks, as built"). No I/O. */
@Injectable()
export class LinksPresenter {
  links({ view, links, stats }: LinksView): ContentLinksResponse {
    return { ...envelope(links, (entry) => this.link(view, entry)), stats };
  }

  backlinks({ view, pages }: BacklinksView): ListEnvelope<ContentLinkLocationResponse> {
    return envelope(pages, (page) => this.location(view, page.id));
  }

  private link(view: ContentView, entry: LinkEntry): ContentLinkResponse {
    return {
      status: entry.status,
      relation: entry.relation,
      targetReference: this.target(view, entry.target),
      locationReferences: entry.pages.map((page) => this.location(view, page)),
    };
  }

  /** GitBook's ContentRef; page, anchor and file references name the space (GitBook: the current space when absent). */
  private target({ space }: ContentView, target: LinkTarget): ContentLinkTargetResponse {
    return target.kind === 'url' ? { ...target } : { ...target, space: space.id };
  }

  private location({ space, location, content }: ContentView, page: string): ContentLinkLocationResponse {
    const revision = content.revision.id;
    return {
      kind: 'page' as const,
      organization: space.organizationId,
      space: space.id,
      versionContext:
        location.at === 'change-request'
          ? { type: 'changeRequest' as const, changeRequest: location.changeRequestId, revision }
          : { type: 'revision' as const, revision },
      page,
    };
  }
}
