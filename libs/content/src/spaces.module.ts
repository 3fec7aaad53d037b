import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { CollectionsModule } from './collections/collections.module';
import { ContentTreeModule } from './content-tree/content-tree.module';
import { CreateSpaceHandler } from './application/create-space';
import { DeleteSpaceHandler } from './application/delete-space';
import { DuplicateSpaceHandler } from './application/duplicate-space';
import { GetSpaceHandler } from './application/get-space';
import { InviteToSpaceHandler } from './application/invite-to-space';
import { ListSpacesForMemberHandler } from './application/list-member-spaces';
import { ListSpacesHandler } from './application/list-spaces';
import { ListSpaceGrantsHandler } from './application/list-space-grants';
import { ListSpacesInCollectionHandler } from './application/list-spaces-in-collection';
import { MoveSpaceHandler } from './application/move-space';
import { RemoveSpaceGrantHandler } from './application/remove-space-grant';
import { RestoreSpaceHandler } from './application/restore-space';
import { SpaceAccess } from './application/space-access';
import { SpaceGrants } from './application/space-grants';
import { SpacePlacement } from './application/space-placement';
import { SpacePurgeJob } from './application/space-purge-job';
import { SpaceRetention } from './application/space-retention';
import { SpaceWriter } from './application/space-writer';
import { TransferSpaceHandler } from './application/transfer-space';
import { UpdateSpaceHandler } from './application/update-space';
import { UpdateSpaceGrantHandler } from './application/update-space-grant';
import { OrgSpacesController } from './http/org-spaces.controller';
import { SpacePermissionsController } from './http/space-permissions.controller';
import { SpaceScopePipe } from './http/space-scope';
import { SpacesController } from './http/spaces.controller';
import { RevisionsModule } from './revisions.module';

/**
 * Spaces and their permissions: create, list, read, change, trash, restore and purge, move,
 * transfer, duplicate; direct user and team grants; a member's spaces and a collection's (the collection route
 * is served by the collections controller). Exports the space
 * scope, access rules, writer and the read models to the rest of the context (change requests, content).
 */
@Module({
  imports: [OrganizationsModule, ContentTreeModule, CollectionsModule, RevisionsModule],
  controllers: [OrgSpacesController, SpacesController, SpacePermissionsController],
  providers: [
    SpaceAccess, SpaceWriter, SpaceScopePipe, SpacePlacement, SpaceRetention, SpaceGrants, SpacePurgeJob,
    CreateSpaceHandler, UpdateSpaceHandler, DeleteSpaceHandler, RestoreSpaceHandler, MoveSpaceHandler, TransferSpaceHandler, DuplicateSpaceHandler,
    InviteToSpaceHandler, UpdateSpaceGrantHandler, RemoveSpaceGrantHandler,
    ListSpacesHandler, ListSpacesInCollectionHandler, GetSpaceHandler, ListSpacesForMemberHandler, ListSpaceGrantsHandler,
  ],
  exports: [ContentTreeModule, SpaceAccess, SpaceWriter, SpaceScopePipe, SpacePurgeJob],
})
export class SpacesModule {}
