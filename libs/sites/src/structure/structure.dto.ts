import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, ValidateNested } from 'class-validator';
import { IsOneOf, SchemaKeywords } from '@docs/platform';
import { ID, ShareKey, Nested } from '../shared/site-fields.dto';

export const ITEM_TYPES = ['site-space', 'site-section', 'site-section-group'] as const;

/** GitBook's SiteStructureItemPointer (and SiteSectionGroupPointer). */
export class StructureItemPointer {
  @ApiProperty({ enum: ITEM_TYPES })
  @IsOneOf('type', ITEM_TYPES)
  type!: (typeof ITEM_TYPES)[number];

  @ApiProperty({ type: String })
  @ID()
  id!: string;
}

/** Before or after a sibling, not both (the decider refuses both). */
@SchemaKeywords({ keywords: { maxProperties: 1 } })
export class StructureItemPosition {
  @Nested(() => StructureItemPointer, { description: 'Put the item before this sibling' })
  before?: StructureItemPointer;

  @Nested(() => StructureItemPointer, { description: 'Put the item after this sibling' })
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

/** GET .../structure */
export class SiteStructureQuery {
  @ShareKey()
  shareKey?: string;
}

/** GET .../published */
export class PublishedSiteQuery {
  @ShareKey()
  shareKey?: string;
}
