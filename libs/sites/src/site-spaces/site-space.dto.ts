import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Length } from 'class-validator';
import { IsOptionalNotNull, PageQuery, toBoolean } from '@docs/platform';
import { MAX_PATH } from '../sites/site.decider';
import { ShareKey, Condition, ID, Nested, Pointer, SiblingPosition } from '../shared/site-fields.dto';

/** GET .../site-spaces */
export class ListSiteSpacesQuery extends PageQuery {
  @ShareKey()
  shareKey?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true: only the default site spaces (one per level); false: only the others; absent: all',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  default?: boolean;
}

/** POST .../site-spaces */
export class AddSpaceToSiteBody {
  @ApiProperty({ type: String, description: 'ID of the space to add (visible to the caller, in the organization)' })
  @ID()
  spaceId!: string;

  @ApiPropertyOptional({
    type: String,
    description: 'ID of the section to add it to; absent: the default section, or the root level of a site without sections',
  })
  @IsOptionalNotNull()
  @ID()
  sectionId?: string;
}

/** PATCH .../site-spaces/{siteSpaceId} */
export class UpdateSiteSpaceBody {
  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: MAX_PATH,
    description: 'Path of the space on the site, unique at its level',
  })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, MAX_PATH)
  path?: string;

  @Condition()
  condition?: string | null;

  @ApiPropertyOptional({ type: String, description: 'ID of the space the site space shows' })
  @IsOptionalNotNull()
  @ID()
  spaceId?: string;
}

/** GitBook's SiteSpacePointer. */
export class SiteSpacePointer extends Pointer('site-space', 'siteSpace') {}

export class SiteSpaceMovePosition extends SiblingPosition(() => SiteSpacePointer) {}

/** POST .../site-spaces/{siteSpaceId}/move (deprecated) */
export class MoveSiteSpaceBody {
  @Nested(() => SiteSpaceMovePosition, { description: 'Before or after another site space of its level; absent: the end', nullable: true })
  position?: SiteSpaceMovePosition;
}
