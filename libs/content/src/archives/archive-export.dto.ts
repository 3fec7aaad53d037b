import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { IsOptionalNotNull } from '@docs/platform';

/** POST /v1/orgs/{organizationId}/archive-exports. */
export class RequestArchiveExportBody {
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 64,
    description: "A collection of the organization: its spaces (its sub-collections' too); absent: every space",
  })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 64)
  collection?: string;
}
