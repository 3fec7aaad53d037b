import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull, OptionalText, PageQuery } from '@docs/platform';

/** POST .../share-links */
export class CreateShareLinkBody {
  @ApiProperty({ type: String, maxLength: 50, description: 'Name of the share link' })
  @IsString()
  @MaxLength(50)
  name!: string;
}

/** PATCH .../share-links/{shareLinkId} */
export class UpdateShareLinkBody {
  @ApiPropertyOptional({ type: Boolean, description: 'false: its key reaches nothing; true: it works again' })
  @IsOptionalNotNull()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: String, maxLength: 50 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(50)
  name?: string;
}

/** GET .../share-links */
export class ListShareLinksQuery extends PageQuery {
  @OptionalText(64, { maxLength: 64, description: 'Only share links whose name or key holds this text (any case)' })
  search?: string;
}
