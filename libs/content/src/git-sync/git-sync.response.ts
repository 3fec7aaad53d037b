import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** GitSyncState's `operation`: the space's last sync. */
export class GitSyncOperationResponse {
  @ApiProperty({ type: String, enum: ['running', 'failure', 'success', 'timeout'] })
  state!: 'running' | 'failure' | 'success' | 'timeout';

  @ApiProperty({ type: String, enum: ['export', 'import'] })
  direction!: 'export' | 'import';

  @ApiProperty({ type: String, format: 'date-time' })
  startedAt!: string;

  @ApiPropertyOptional({ type: String, format: 'date-time' })
  endedAt?: string;
}

/** GitBook's GitSyncState: the repository the space last synced with, and that sync. */
export class GitSyncStateResponse {
  @ApiProperty({ type: String, description: 'Repository name (the last part of its URL, without .git)' })
  repoName!: string;

  @ApiProperty({ type: String, enum: ['unauthenticated', 'active', 'pending'] })
  installationStatus!: 'active';

  @ApiProperty({
    type: String,
    enum: ['github', 'gitlab', 'github-legacy'],
    description: "GitBook's providers only: `gitlab` for a host named gitlab, `github` for any other remote",
  })
  installationProvider!: 'github' | 'gitlab';

  @ApiProperty({ type: String, description: 'The space id: a space has one sync of its own' })
  installationId!: string;

  @ApiProperty({ type: String, description: 'The repository URL (without credentials)' })
  url!: string;

  @ApiProperty({ type: GitSyncOperationResponse })
  operation!: GitSyncOperationResponse;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}
