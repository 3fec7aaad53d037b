import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { LinkStatsOf } from './application/link-stats';
import { ListFileBacklinksHandler } from './application/list-file-backlinks';
import { ListPageLinksHandler } from './application/list-page-links';
import { ListSpaceLinksHandler } from './application/list-space-links';
import { ContentAt } from './revisions/read-content';
import { RevisionLinks } from './application/revision-links';
import { ChangeRequestsModule } from './change-requests/change-requests.module';
import { ChangeRequestLinksController } from './http/change-request-links.controller';
import { LinksController } from './http/links.controller';
import { LinksPresenter } from './http/links.presenter';
import { RevisionsModule } from './revisions/revisions.module';
import { SpacesModule } from './spaces/spaces.module';

/**
 * Links and backlinks (docs/content-design.md, "Links and backlinks, as built"): the links of the
 * live content, of a page (live and in a change request) and the pages that reference a file,
 * computed from the revisions' markdown (`RevisionLinks`).
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [LinksController, ChangeRequestLinksController],
  providers: [ContentAt, RevisionLinks, LinkStatsOf, LinksPresenter, ListSpaceLinksHandler, ListPageLinksHandler, ListFileBacklinksHandler],
})
export class LinksModule {}
