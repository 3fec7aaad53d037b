import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, DateTime } from '@docs/platform';

export class ArchiveExportTargetResponse {
  @ApiProperty({ enum: ['space', 'collection', 'organization'] })
  kind!: 'space' | 'collection' | 'organization';

  @ApiPropertyOptional({ type: String, description: 'The space or collection (absent for the organization)' })
  id?: string;
}

export class ArchiveExportUrlsResponse {
  @ApiProperty({ type: String, format: 'uri', description: 'This job, to poll' })
  location!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    description: 'Completed jobs: a signed, expiring URL of the zip archive (no token needed; ask the job again for a fresh one)',
  })
  download?: string;
}

/** An archive export job (this server's extension). */
export class ArchiveExportResponse extends ApiObject('archive-export') {
  @ApiProperty({ type: String })
  organization!: string;

  @ApiProperty({ type: ArchiveExportTargetResponse })
  target!: ArchiveExportTargetResponse;

  @ApiProperty({ enum: ['pending', 'completed', 'failed'] })
  status!: 'pending' | 'completed' | 'failed';

  @DateTime()
  createdAt!: string;

  @DateTime('When it was requested, completed or failed')
  updatedAt!: string;

  @ApiPropertyOptional({ type: Number, description: 'Completed: the archive in bytes' })
  size?: number;

  @ApiPropertyOptional({ type: Number, description: 'Completed: how many spaces it holds (a folder each, unless it is one space)' })
  spaces?: number;

  @ApiPropertyOptional({ type: String, description: 'Failed: why (a limit passed, the target deleted, the server busy...)' })
  error?: string;

  @ApiProperty({ type: ArchiveExportUrlsResponse })
  urls!: ArchiveExportUrlsResponse;
}
