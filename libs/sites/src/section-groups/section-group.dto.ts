import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Length } from 'class-validator';
import { IsOptionalNotNull, NotServed, PageQuery } from '@docs/platform';
import { IdOf, Icon, Nested, NotDraft, NotLocalized, Text } from '../shared/site-fields.dto';
import { GROUP_TITLE } from '../sites/site.decider';
import { StructureItemPosition } from '../structure/structure.dto';

/** GET .../section-groups */
export class ListSectionsQuery extends PageQuery {}

/** POST .../section-groups */
export class AddSectionGroupBody {
  @Text(GROUP_TITLE, { required: true })
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

  @NotServed('parent', 'section groups do not nest')
  parent?: unknown;

  @NotDraft()
  draft?: false;
}

/** PATCH .../section-groups/{siteSectionGroupId} */
export class UpdateSectionGroupBody {
  @Text(GROUP_TITLE)
  title?: string;

  @Icon()
  icon?: string | null;

  @NotLocalized('localizedTitle')
  localizedTitle?: unknown;

  @NotDraft()
  draft?: false;

  @NotServed('parentSectionGroupId', 'section groups do not nest')
  parentSectionGroupId?: unknown;
}

/** POST .../section-groups/{siteSectionGroupId}/sections */
export class AddSectionToGroupBody {
  @IdOf('ID of the section to put at the end of the group', { required: true })
  sectionId!: string;
}

/** POST .../section-groups/{siteSectionGroupId}/move (deprecated) */
export class MoveSectionGroupBody {
  @Nested(() => StructureItemPosition, { description: 'Before or after a top-level section or group; absent: the end' })
  position?: StructureItemPosition;
}
