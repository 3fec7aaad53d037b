import { ROLES, Role } from '@docs/kernel';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNotNull, PageQuery, Stacked, toBoolean, IsOneOf, SchemaKeywords } from '@docs/platform';
import { ContentPositionBody, MoveParent, MovePosition, NewParent } from '../content-tree/position.dto';

/** GitBook's CollectionTitle (at most 50 characters; here never empty). */
const Title = () => Stacked(IsOptionalNotNull(), IsString(), Length(1, 50));
/** GitBook's CollectionDescription: 0 to 100 characters. */
const Description = () => Stacked(IsOptionalNotNull(), IsString(), MaxLength(100));
/**
 * GitBook's DefaultLevel, less `inherit`: a collection's level is a role or null (none). `inherit`
 * is a space's way of taking its collection's level (docs/content-design.md, decision 9).
 */
const DefaultLevel = () => Stacked(IsOptional(), IsOneOf('defaultLevel', ROLES, 'or null (inherit is for spaces)'));
const DEFAULT_LEVEL_DOC = {
  enum: ROLES,
  nullable: true,
  description: 'The role organization members get in spaces of the collection that inherit it; null: none. `inherit` is for spaces only.',
} as const;

export class CreateCollectionBody {
  @ApiPropertyOptional({ minLength: 1, maxLength: 50, default: 'Untitled', description: 'Title of the collection' })
  @Title()
  title?: string;

  @ApiPropertyOptional({
    maxLength: 100,
    default: '',
    description: 'Description of the collection (an extension: GitBook sets it with PATCH only)',
  })
  @Description()
  description?: string;

  @NewParent()
  parent?: string;

  @ApiPropertyOptional({
    ...DEFAULT_LEVEL_DOC,
    default: null,
    description: `${DEFAULT_LEVEL_DOC.description} (an extension: GitBook sets it with PATCH only)`,
  })
  @DefaultLevel()
  defaultLevel?: Role | null;
}

export class UpdateCollectionBody {
  @ApiPropertyOptional({ minLength: 1, maxLength: 50, description: 'Title of the collection' })
  @Title()
  title?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'Description of the collection' })
  @Description()
  description?: string;

  @ApiPropertyOptional(DEFAULT_LEVEL_DOC)
  @DefaultLevel()
  defaultLevel?: Role | null;
}

export class ListCollectionsQuery extends PageQuery {
  @ApiPropertyOptional({ type: Boolean, default: true, description: 'true: every collection, depth-first; false: the top level only' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'nested must be true or false' })
  nested?: boolean;
}

/** A move names a parent, a position or both (GitBook: minProperties 1). */
@SchemaKeywords({ keywords: { minProperties: 1 } })
export class MoveCollectionBody {
  @MoveParent('The new parent collection; null: the top level; absent: the same parent')
  parent?: string | null;

  @MovePosition('Where among the new siblings; absent: last')
  position?: ContentPositionBody;
}
