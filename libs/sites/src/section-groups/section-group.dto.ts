import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Length } from 'class-validator';
import { IsOptionalNotNull, PageQuery } from '@docs/platform';
import { IdOf, Icon, Nested, Text } from '../shared/site-fields.dto';
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
}

/** PATCH .../section-groups/{siteSectionGroupId} */
export class UpdateSectionGroupBody {
  @Text(GROUP_TITLE)
  title?: string;

  @Icon()
  icon?: string | null;
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
