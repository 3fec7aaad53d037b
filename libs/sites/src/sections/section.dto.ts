import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNotNull, PageQuery } from '@docs/platform';
import { Condition, ID, Nullable, ShareKey, Icon, Nested, Pointer, SiblingPosition } from '../shared/site-fields.dto';
import { MAX_DESCRIPTION, MAX_PATH, SITE_TITLE } from '../sites/site.decider';

/** GET .../sections */
export class ListSiteSectionsQuery extends PageQuery {
  @ShareKey()
  shareKey?: string;
}

/** POST .../sections */
export class AddSectionToSiteBody {
  @ApiProperty({
    type: String,
    description: 'ID of the space the first site space of the section shows (visible to the caller, in the organization)',
  })
  @ID()
  spaceId!: string;

  @ApiPropertyOptional({
    type: String,
    minLength: SITE_TITLE.min,
    maxLength: SITE_TITLE.max,
    nullable: true,
    description: "Title of the section; null or absent: the space's title",
  })
  @Nullable()
  @IsString()
  @Length(SITE_TITLE.min, SITE_TITLE.max)
  title?: string | null;

  @Icon()
  icon?: string | null;
}

/** PATCH .../sections/{siteSectionId}: omitted fields stay; null removes icon, description and condition. */
export class UpdateSiteSectionBody {
  @ApiPropertyOptional({ type: String, minLength: SITE_TITLE.min, maxLength: SITE_TITLE.max })
  @IsOptionalNotNull()
  @IsString()
  @Length(SITE_TITLE.min, SITE_TITLE.max)
  title?: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: MAX_PATH, description: 'Path of the section, unique in the site' })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, MAX_PATH)
  path?: string;

  @ApiPropertyOptional({ type: String, description: 'ID of a site space of the section to make its default' })
  @IsOptionalNotNull()
  @ID()
  defaultSiteSpace?: string;

  @Condition()
  condition?: string | null;

  @Icon()
  icon?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_DESCRIPTION,
    nullable: true,
    description: 'Description of the section, or null for none',
  })
  @Nullable()
  @IsString()
  @MaxLength(MAX_DESCRIPTION)
  description?: string | null;
}

/** GitBook's SiteSectionPointer. */
export class SiteSectionPointer extends Pointer('site-section', 'siteSection') {}

export class SiteSectionMovePosition extends SiblingPosition(() => SiteSectionPointer) {}

/** POST .../sections/{siteSectionId}/move (deprecated) */
export class MoveSiteSectionBody {
  @Nested(() => SiteSectionMovePosition, { description: 'Before or after another section; absent: the end', nullable: true })
  position?: SiteSectionMovePosition;
}
