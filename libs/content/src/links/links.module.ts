import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { LinkStatsOf } from './link-stats';
import { ListFileBacklinksHandler } from './list-file-backlinks';
import { ListPageLinksHandler } from './list-page-links';
import { ListSpaceLinksHandler } from './list-space-links';
import { ContentAt } from '../revisions/read-content';
import { RevisionLinks } from './revision-links';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { LinksController } from './links.controller';
import { ChangeRequestLinksController, LiveLinksController } from './links-routes';
import { LinksPresenter } from './links.presenter';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';

/**
 * Links and backlinks (docs/content-design.md, "Links and backlinks, as built"): the links of the
 * live content, of a page (live and in a change request) and the pages that reference a file,
 * computed from the revisions' markdown (`RevisionLinks`).
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [LinksController, LiveLinksController, ChangeRequestLinksController],
  providers: [ContentAt, RevisionLinks, LinkStatsOf, LinksPresenter, ListSpaceLinksHandler, ListPageLinksHandler, ListFileBacklinksHandler],
})
export class LinksModule {}
