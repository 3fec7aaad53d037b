import { ROLES, Role, SpaceMergeRulesConfiguration } from '@docs/kernel';
import { MergeRulesField } from '@docs/organizations';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNotNull, NotServed, OptionalText, PageQuery, Stacked, IsOneOf, SchemaKeywords } from '@docs/platform';
import { EDIT_MODES, EditMode } from '../space.events';
import { ContentPositionBody, ID_LENGTH, MoveParent, MovePosition, NewParent } from '../../content-tree/position.dto';

/** GitBook's SpaceTitle: at most 50 characters. */
const Title = () => Stacked(IsOptionalNotNull(), IsString(), MaxLength(50));
const DEFAULT_LEVELS = [...ROLES, 'inherit'] as const;

export class CreateSpaceBody {
  @ApiPropertyOptional({ maxLength: 50, default: 'Untitled', description: 'Title of the space' })
  @Title()
  title?: string;

  @ApiPropertyOptional({ maxLength: 50, default: '', description: 'An emoji for the space (Unicode character or code point)' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @NewParent()
  parent?: string;

  @ApiPropertyOptional({ enum: EDIT_MODES, default: 'live', description: 'live: edits allowed; locked: every edit refused' })
  @IsOptionalNotNull()
  @IsOneOf('editMode', EDIT_MODES)
  editMode?: EditMode;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'true: a space without any page; otherwise its first revision holds one empty page',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  empty?: boolean;

  @NotServed('language', 'spaces carry no language (translations are organization settings)')
  language?: unknown;

  @NotServed('template', 'templates are not served')
  template?: unknown;

  @NotServed('computedSource', 'computed content is not served')
  computedSource?: unknown;
}

export class UpdateSpaceBody {
  @ApiPropertyOptional({ maxLength: 50, description: 'Title of the space' })
  @Title()
  title?: string;

  @ApiPropertyOptional({ type: String, maxLength: 50, nullable: true, description: 'An emoji for the space; null or "" removes it' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  emoji?: string | null;

  @ApiPropertyOptional({ enum: EDIT_MODES })
  @IsOptionalNotNull()
  @IsOneOf('editMode', EDIT_MODES)
  editMode?: EditMode;

  @ApiPropertyOptional({
    enum: DEFAULT_LEVELS,
    nullable: true,
    description:
      'The role organization members (not guests) get in the space; null: none; inherit: the parent ' +
      "collection's (spaces in a collection only)",
  })
  @IsOptional()
  @IsOneOf('defaultLevel', DEFAULT_LEVELS, 'or null')
  defaultLevel?: Role | 'inherit' | null;

  @NotServed('language', 'spaces carry no language (translations are organization settings)')
  language?: unknown;

  @MergeRulesField(true, "The space's merge rules: its own, or inherit (its organization's)")
  mergeRules?: SpaceMergeRulesConfiguration;

  @NotServed('icon', 'spaces have an emoji, not an icon')
  icon?: unknown;
}

export class GetSpaceQuery {
  @OptionalText(255, {
    maxLength: 255,
    description: 'For sites published via share links: the share key (accepted; no site is published yet)',
  })
  shareKey?: string;
}

/** A move names a parent, a position or both (GitBook: minProperties 1). */
@SchemaKeywords({ keywords: { minProperties: 1 } })
export class MoveSpaceBody {
  @MoveParent("The new parent collection; null: the top level; absent: the position's sibling's parent, else the same")
  parent?: string | null;

  @MovePosition('Next to which sibling (a space or a collection); absent: last')
  position?: ContentPositionBody;
}

export class TransferSpaceBody {
  @ApiProperty({
    minLength: ID_LENGTH[0],
    maxLength: ID_LENGTH[1],
    description: 'ID of the organization to move the space to (you must be one of its admins)',
  })
  @IsString()
  @Length(...ID_LENGTH)
  organization!: string;
}

const LIST_ORDERS = ['asc', 'desc'] as const;

/** GET /v1/orgs/{organizationId}/members/{userId}/spaces */
export class ListMemberSpacesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_ORDERS, default: 'desc', description: 'By the creation of the spaces: desc, newest first' })
  @IsOptional()
  @IsIn([...LIST_ORDERS], { message: 'order must be asc or desc' })
  order?: (typeof LIST_ORDERS)[number];
}
