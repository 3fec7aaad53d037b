import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsDefined, IsIn, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, PageQuery } from '@docs/platform';
import { Condition, ID, Nullable, ShareKey, Icon } from '../shared/site-fields.dto';
import { GROUP_TITLE, MAX_DESCRIPTION, MAX_PATH, SITE_TITLE } from '../sites/site.decider';

/** GET .../section-groups */
export class ListSectionsQuery extends PageQuery {}

/** GET .../sections */
export class ListSiteSectionsQuery extends PageQuery {
  @ShareKey()
  shareKey?: string;
}

/** POST .../sections */
export class AddSectionToSiteBody {
  @ApiProperty({ type: String, description: 'ID of the space the first site space of the section shows (visible to the caller, in the organization)' })
  @ID()
  spaceId!: string;

  @ApiPropertyOptional({ type: String, minLength: SITE_TITLE.min, maxLength: SITE_TITLE.max, nullable: true, description: "Title of the section; null or absent: the space's title" })
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

  @ApiPropertyOptional({ type: String, maxLength: MAX_DESCRIPTION, nullable: true, description: 'Description of the section, or null for none' })
  @Nullable()
  @IsString()
  @MaxLength(MAX_DESCRIPTION)
  description?: string | null;
}

/** POST .../section-groups */
export class AddSectionGroupBody {
  @ApiProperty({ type: String, minLength: GROUP_TITLE.min, maxLength: GROUP_TITLE.max })
  @IsString()
  @Length(GROUP_TITLE.min, GROUP_TITLE.max)
  title!: string;

  @Icon()
  icon?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: 100, description: 'IDs of sections to put in the group, in order' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 255, { each: true })
  sections?: string[];
}

/** PATCH .../section-groups/{siteSectionGroupId} */
export class UpdateSectionGroupBody {
  @ApiPropertyOptional({ type: String, minLength: GROUP_TITLE.min, maxLength: GROUP_TITLE.max })
  @IsOptionalNotNull()
  @IsString()
  @Length(GROUP_TITLE.min, GROUP_TITLE.max)
  title?: string;

  @Icon()
  icon?: string | null;
}

/** POST .../section-groups/{siteSectionGroupId}/sections */
export class AddSectionToGroupBody {
  @ApiProperty({ type: String, description: 'ID of the section to put at the end of the group' })
  @ID()
  sectionId!: string;
}

export const ITEM_TYPES = ['site-space', 'site-section', 'site-section-group'] as const;

/** GitBook's SiteStructureItemPointer (and SiteSectionGroupPointer). */
export class StructureItemPointer {
  @ApiProperty({ enum: ITEM_TYPES })
  @IsIn([...ITEM_TYPES], { message: `type must be one of ${ITEM_TYPES.join(', ')}` })
  type!: (typeof ITEM_TYPES)[number];

  @ApiProperty({ type: String })
  @ID()
  id!: string;
}

export class StructureItemPosition {
  @ApiPropertyOptional({ type: () => StructureItemPointer, description: 'Put the item before this sibling' })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => StructureItemPointer)
  before?: StructureItemPointer;

  @ApiPropertyOptional({ type: () => StructureItemPointer, description: 'Put the item after this sibling' })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => StructureItemPointer)
  after?: StructureItemPointer;
}

/** PATCH .../structure/sort */
export class SortSiteStructureBody {
  @ApiProperty({ type: () => StructureItemPointer, description: 'The item to move' })
  @IsDefined()
  @ValidateNested()
  @Type(() => StructureItemPointer)
  item!: StructureItemPointer;

  @ApiProperty({ type: () => StructureItemPosition, description: 'Where to: before or after a sibling; neither: the end of its level' })
  @IsDefined()
  @ValidateNested()
  @Type(() => StructureItemPosition)
  position!: StructureItemPosition;
}

/** POST .../section-groups/{siteSectionGroupId}/move (deprecated) */
export class MoveSectionGroupBody {
  @ApiPropertyOptional({ type: () => StructureItemPosition, description: 'Before or after a top-level section or group; absent: the end' })
  @IsOptional()
  @ValidateNested()
  @Type(() => StructureItemPosition)
  position?: StructureItemPosition;
}

/** GitBook's SiteSectionPointer. */
export class SiteSectionPointer {
  @ApiProperty({ enum: ['site-section'] })
  @Equals('site-section', { message: 'type must be site-section' })
  type!: 'site-section';

  @ApiProperty({ type: String })
  @ID()
  siteSection!: string;
}

export class SiteSectionMovePosition {
  @ApiPropertyOptional({ type: () => SiteSectionPointer })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => SiteSectionPointer)
  before?: SiteSectionPointer;

  @ApiPropertyOptional({ type: () => SiteSectionPointer })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => SiteSectionPointer)
  after?: SiteSectionPointer;
}

/** POST .../sections/{siteSectionId}/move (deprecated) */
export class MoveSiteSectionBody {
  @ApiPropertyOptional({ type: () => SiteSectionMovePosition, description: 'Before or after another section; absent: the end' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SiteSectionMovePosition)
  position?: SiteSectionMovePosition;
}

/** GitBook's SiteSpacePointer. */
export class SiteSpacePointer {
  @ApiProperty({ enum: ['site-space'] })
  @Equals('site-space', { message: 'type must be site-space' })
  type!: 'site-space';

  @ApiProperty({ type: String })
  @ID()
  siteSpace!: string;
}

export class SiteSpaceMovePosition {
  @ApiPropertyOptional({ type: () => SiteSpacePointer })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => SiteSpacePointer)
  before?: SiteSpacePointer;

  @ApiPropertyOptional({ type: () => SiteSpacePointer })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => SiteSpacePointer)
  after?: SiteSpacePointer;
}

/** POST .../site-spaces/{siteSpaceId}/move (deprecated) */
export class MoveSiteSpaceBody {
  @ApiPropertyOptional({ type: () => SiteSpaceMovePosition, description: 'Before or after another site space of its level; absent: the end' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SiteSpaceMovePosition)
  position?: SiteSpaceMovePosition;
}

/** GET .../structure */
export class SiteStructureQuery {
  @ShareKey()
  shareKey?: string;
}
