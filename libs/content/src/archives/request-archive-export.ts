import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { invalid } from '@docs/platform';
import { OrganizationCommand } from '@docs/organizations';
import { CollectionsReadModel } from '../collections/collections.read-model';
import { SpaceCommand } from '../spaces/space-scope';
import { ArchiveExportRequests } from './archive-export-requests';
import { ArchiveExportTarget } from './archive-export.events';
import { ArchiveExportDoc } from './archive-exports.read-model';

/** POST /v1/spaces/{spaceId}/archive-exports: anyone who can see the space (as for its PDF). */
export class RequestSpaceArchiveExport extends SpaceCommand<Record<string, never>, ArchiveExportDoc> {}

/** POST /v1/orgs/{organizationId}/archive-exports: a collection's spaces, or every space; organization admins. */
export class RequestOrganizationArchiveExport extends OrganizationCommand<{ collection?: string }, ArchiveExportDoc> {}

/**
 * Records the request (`ArchiveExportRequested`, its id from the request's: an Idempotency-Key
 * retry answers the same job) and hands the job to the runner, which packs it in the background;
 * the answer is the pending job, to poll.
 */
@CommandHandler(RequestSpaceArchiveExport)
export class RequestSpaceArchiveExportHandler implements ICommandHandler<RequestSpaceArchiveExport> {
  constructor(private readonly requests: ArchiveExportRequests) {}

  async execute({ scope }: RequestSpaceArchiveExport): Promise<ArchiveExportDoc> {
    const { space } = await scope.requirePermission('view', 'exporting the space');
    return this.requests.request(space.organizationId, { kind: 'space', id: space.id }, scope);
  }
}

@CommandHandler(RequestOrganizationArchiveExport)
export class RequestOrganizationArchiveExportHandler implements ICommandHandler<RequestOrganizationArchiveExport> {
  constructor(
    private readonly requests: ArchiveExportRequests,
    private readonly collections: CollectionsReadModel,
  ) {}

  async execute({ props: { collection }, scope }: RequestOrganizationArchiveExport): Promise<ArchiveExportDoc> {
    await scope.requireAdmin('only organization admins can export a collection or the whole organization');
    if (collection !== undefined) {
      const doc = await this.collections.collectionById(collection);
      if (!doc || doc.organizationId !== scope.organizationId)
        throw invalid(`collection: no collection ${collection} in this organization`);
    }
    const target: ArchiveExportTarget = collection !== undefined ? { kind: 'collection', id: collection } : { kind: 'organization' };
    return this.requests.request(scope.organizationId, target, scope);
  }
}
