import { Body } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiController, Endpoint, ErrorBodyResponse, Operation, UseCases } from '@docs/platform';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { SpaceScope } from '../spaces/space-scope';
import { ExportToGitRepositoryBody, ImportGitRepositoryBody } from './git-sync.dto';
import { GitSyncDoc } from './git-sync.read-model';
import { gitSyncState } from './git-sync-state.domain';
import { GitSyncStateResponse } from './git-sync.response';
import { ExportToGitRepository, GetSpaceGitInfo, ImportGitRepository } from './git-sync.use-cases';

const UNREACHABLE = {
  status: 422,
  description:
    'The repository could not be reached, and nothing changed: the outbound guard refused it (a loopback, private, link-local or ' +
    'metadata address; a file:// path outside GIT_SYNC_FILE_ROOTS), or git failed (authentication, timeout, output cap, a push ' +
    'refused); the message names the reason, never the credentials. Also: the Idempotency-Key was used for a different request',
  type: ErrorBodyResponse,
};

const present = (doc: GitSyncDoc): GitSyncStateResponse => gitSyncState(doc.id, doc);

/**
 * Git sync (docs/content-api.md, "Git sync"): GitBook's space-git operations against any git URL.
 * Exports and imports run to their end before the 204 (bounded by GIT_SYNC_TIMEOUT_MS per git
 * command), so a conflict can be answered 409 and the next read sees the sync.
 */
@ApiController('v1/spaces/:spaceId/git', 'space-git')
export class GitSyncController {
  constructor(private readonly useCases: UseCases) {}

  @Endpoint('POST', 'export', { status: 204, answers: null })
  @Operation('exportToGitRepository', "Push space content to a Git repository: one commit of the live content in GitBook's git layout")
  @ApiResponse(UNREACHABLE)
  async export(@InSpace() scope: SpaceScope, @Body() body: ExportToGitRepositoryBody) {
    await this.useCases.command(new ExportToGitRepository(body, scope));
  }

  @Endpoint('POST', 'import', { status: 204, answers: null })
  @Operation('importGitRepository', "Pull content into a space from a Git repository: the branch's last commit as a new revision")
  @ApiResponse(UNREACHABLE)
  @ApiResponse({
    status: 409,
    description:
      'The commit and the space both changed the same pages since the last sync (the message names them); or the space is locked',
    type: ErrorBodyResponse,
  })
  async import(@InSpace() scope: SpaceScope, @Body() body: ImportGitRepositoryBody) {
    await this.useCases.command(new ImportGitRepository(body, scope));
  }

  @Endpoint('GET', 'info', { answers: GitSyncStateResponse })
  @Operation('getSpaceGitInfo', 'Get the Git Sync configuration and status for a space (404 before its first sync)')
  async info(@InSpace() scope: SpaceScope) {
    return present(await this.useCases.query(new GetSpaceGitInfo({}, scope)));
  }
}
