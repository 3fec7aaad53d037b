import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { SearchHits } from './search-hits';
import { SearchOrganizationHandler } from './search-organization';
import { SearchSpaceHandler } from './search-space';
import { OrgSearchController } from './org-search.controller';
import { SearchPresenter } from './search.presenter';
import { SpaceSearchController } from './search.controller';
import { SearchReadModel } from './search.read-model';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';

/**
 * Full-text search of the live content (docs/content-design.md, "Search, as built"): a space's and
 * an organization's, over the `search` projection's index, placed in the live trees when answering.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule],
  controllers: [SpaceSearchController, OrgSearchController],
  providers: [SearchReadModel, SearchHits, SearchPresenter, SearchSpaceHandler, SearchOrganizationHandler],
  // ContentDirectory.search, other contexts' way to search (a site's spaces).
  exports: [SearchReadModel, SearchHits],
})
export class SearchModule {}
