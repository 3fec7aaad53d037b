import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { CollectionsModule } from '../collections/collections.module';
import { ContentTreeModule } from '../content-tree/content-tree.module';
import { CreateSpaceHandler } from './create-space';
import { DeleteSpaceHandler } from './delete-space';
import { DuplicateSpaceHandler } from './duplicate-space';
import { GetSpaceHandler } from './reads/get-space';
import { InviteToSpaceHandler } from './permissions/invite-to-space';
import { ListSpacesForMemberHandler } from './reads/list-member-spaces';
import { ListSpacesHandler } from './reads/list-spaces';
import { ListSpaceGrantsHandler } from './permissions/list-space-grants';
import { ListSpacesInCollectionHandler } from './reads/list-spaces-in-collection';
import { MoveSpaceHandler } from './move-space';
import { RemoveSpaceGrantHandler } from './permissions/remove-space-grant';
import { RestoreSpaceHandler } from './restore-space';
import { SpaceAccess } from './space-access';
import { SpaceGrants } from './permissions/space-grants';
import { SpacePlacement } from './space-placement';
import { SpacePurgeJob } from './space-purge-job';
import { SpaceRetention } from './space-retention';
import { SpaceWriter } from './space-writer';
import { TransferSpaceHandler } from './transfer-space';
import { UpdateSpaceHandler } from './update-space';
import { UpdateSpaceGrantHandler } from './permissions/update-space-grant';
import { OrgSpacesController } from './http/org-spaces.controller';
import { SpacePermissionsController } from './permissions/space-permissions.controller';
import { SpaceScopePipe } from './http/space-scope.pipe';
import { SpacesController } from './http/spaces.controller';
import { RevisionsModule } from '../revisions/revisions.module';

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
    SpaceAccess,
    SpaceWriter,
    SpaceScopePipe,
    SpacePlacement,
    SpaceRetention,
    SpaceGrants,
    SpacePurgeJob,
    CreateSpaceHandler,
    UpdateSpaceHandler,
    DeleteSpaceHandler,
    RestoreSpaceHandler,
    MoveSpaceHandler,
    TransferSpaceHandler,
    DuplicateSpaceHandler,
    InviteToSpaceHandler,
    UpdateSpaceGrantHandler,
    RemoveSpaceGrantHandler,
    ListSpacesHandler,
    ListSpacesInCollectionHandler,
    GetSpaceHandler,
    ListSpacesForMemberHandler,
    ListSpaceGrantsHandler,
  ],
  exports: [ContentTreeModule, SpaceAccess, SpaceWriter, SpaceScopePipe, SpacePurgeJob],
})
export class SpacesModule {}
