import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/kernel';
import { SpaceCommand, SpaceQuery } from '../spaces/space-scope';
import { GitSync, GitSyncRequest } from './git-sync';
import { GitSyncDoc, GitSyncReadModel } from './git-sync.read-model';

/** exportToGitRepository: the live content as one commit on the branch (none when nothing changed). */
export class ExportToGitRepository extends SpaceCommand<GitSyncRequest, void> {}

@CommandHandler(ExportToGitRepository)
export class ExportToGitRepositoryHandler implements ICommandHandler<ExportToGitRepository> {
  constructor(private readonly sync: GitSync) {}

  execute({ props, scope }: ExportToGitRepository): Promise<void> {
    return this.sync.export(scope, props);
  }
}

/** importGitRepository: the branch's last commit as a new revision of the live content. */
export class ImportGitRepository extends SpaceCommand<GitSyncRequest, void> {}

@CommandHandler(ImportGitRepository)
export class ImportGitRepositoryHandler implements ICommandHandler<ImportGitRepository> {
  constructor(private readonly sync: GitSync) {}

  execute({ props, scope }: ImportGitRepository): Promise<void> {
    return this.sync.import(scope, props);
  }
}

/** getSpaceGitInfo: the space's last sync; 404 when it never synced. Anyone who can see the space. */
export class GetSpaceGitInfo extends SpaceQuery<Record<string, never>, GitSyncDoc> {}

@QueryHandler(GetSpaceGitInfo)
export class GetSpaceGitInfoHandler implements IQueryHandler<GetSpaceGitInfo> {
  constructor(private readonly syncs: GitSyncReadModel) {}

  async execute({ scope }: GetSpaceGitInfo): Promise<GitSyncDoc> {
    const { space } = await scope.view();
    const last = await this.syncs.lastSync(space.id);
    if (!last) throw notFound('no git sync is set up on the space: export or import first');
    return last;
  }
}
