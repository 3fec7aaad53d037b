import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, MaxLength, registerDecorator, ValidateIf, ValidateNested, ValidationArguments,
} from 'class-validator';
import { IsOptionalNotNull, PageQuery, Stacked, toBoolean } from '@docs/platform';
import { ContentPointer, ContentPosition } from '../../application/content-siblings';
import { SPACE_ROLES, SpaceRole } from '../../domain/space-roles';

/** GitBook's CollectionTitle (at most 50 characters; here never empty). */
const Title = () => Stacked(IsOptionalNotNull(), IsString(), Length(1, 50));
/** GitBook's CollectionDescription: 0 to 100 characters. */
const Description = () => Stacked(IsOptionalNotNull(), IsString(), MaxLength(100));
/**
 * GitBook's DefaultLevel, less `inherit`: a collection's level is a role or null (none). `inherit`
 * is a space's way of taking its collection's level (docs/content-design.md, decision 9).
 */
const DefaultLevel = () =>
  Stacked(IsOptional(), IsIn([...SPACE_ROLES], { message: `defaultLevel must be one of ${SPACE_ROLES.join(', ')} or null (inherit is for spaces)` }));
const DEFAULT_LEVEL_DOC = {
  enum: SPACE_ROLES,
  nullable: true,
  description: 'The role organization members get in spaces of the collection that inherit it; null: none. `inherit` is for spaces only.',
} as const;
/** A collection (or space) id: GitBook's EntityId. */
const ID_LENGTH = [1, 255] as const;

export class CreateCollectionBody {
  @ApiPropertyOptional({ minLength: 1, maxLength: 50, default: 'Untitled', description: 'Title of the collection' })
  @Title()
  title?: string;

  @ApiPropertyOptional({ maxLength: 100, default: '', description: 'Description of the collection (an extension: GitBook sets it with PATCH only)' })
  @Description()
  description?: string;

  @ApiPropertyOptional({ minLength: ID_LENGTH[0], maxLength: ID_LENGTH[1], description: 'ID of a parent collection; none: the top level' })
  @IsOptionalNotNull()
  @IsString()
  @Length(...ID_LENGTH)
  parent?: string;

  @ApiPropertyOptional({ ...DEFAULT_LEVEL_DOC, default: null, description: `${DEFAULT_LEVEL_DOC.description} (an extension: GitBook sets it with PATCH only)` })
  @DefaultLevel()
  defaultLevel?: SpaceRole | null;
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
  defaultLevel?: SpaceRole | null;
}

export class ListCollectionsQuery extends PageQuery {
  @ApiPropertyOptional({ type: Boolean, default: true, description: 'true: every collection, depth-first; false: the top level only' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'nested must be true or false' })
  nested?: boolean;
}

const POINTER_TYPES = ['space', 'collection'] as const;

/** The id a pointer of `kind` names: required with that type, absent with the other. */
function PointerId(kind: (typeof POINTER_TYPES)[number]): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'pointerId',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: {
        validate(value: unknown, args?: ValidationArguments) {
          if ((args?.object as { type?: unknown } | undefined)?.type !== kind) return value === undefined;
          return typeof value === 'string' && value.length >= ID_LENGTH[0] && value.length <= ID_LENGTH[1];
        },
        defaultMessage: () => `${kind} must be the id of a ${kind} (1 to 255 characters) when type is ${kind}, and absent otherwise`,
      },
    });
}

/** GitBook's SpacePointer (`{ type: space, space }`) or CollectionPointer (`{ type: collection, collection }`). */
export class ContentPointerBody {
  @ApiProperty({ enum: POINTER_TYPES })
  @IsIn([...POINTER_TYPES], { message: 'type must be space or collection' })
  type!: (typeof POINTER_TYPES)[number];

  @ApiPropertyOptional({ minLength: ID_LENGTH[0], maxLength: ID_LENGTH[1], description: 'Unique identifier of the space (type space)' })
  @PointerId('space')
  space?: string;

  @ApiPropertyOptional({ minLength: ID_LENGTH[0], maxLength: ID_LENGTH[1], description: 'Unique identifier of the collection (type collection)' })
  @PointerId('collection')
  collection?: string;
}

/** A pointer field of a position: an object when present, never null. */
const Pointer = () => Stacked(IsOptionalNotNull(), IsObject(), ValidateNested({ message: '$property must be an object' }), Type(() => ContentPointerBody));

/** GitBook's ContentPosition: right before a sibling, right after one, or between the two. */
export class ContentPositionBody {
  @ApiPropertyOptional({ type: () => ContentPointerBody, description: 'Place it right before this sibling' })
  @Pointer()
  before?: ContentPointerBody;

  @ApiPropertyOptional({ type: () => ContentPointerBody, description: 'Place it right after this sibling' })
  @Pointer()
  after?: ContentPointerBody;
}

/** A validated position body as the placements read it (each pointer narrowed to its kind). */
export function positionOf(body: ContentPositionBody | undefined): ContentPosition | undefined {
  const pointer = (p: ContentPointerBody): ContentPointer => (p.type === 'space' ? { type: 'space', space: p.space! } : { type: 'collection', collection: p.collection! });
  return body && { ...(body.before && { before: pointer(body.before) }), ...(body.after && { after: pointer(body.after) }) };
}

const positionMessage = ({ value }: ValidationArguments) =>
  value === undefined ? 'position: a move names a parent, a position or both' : 'position must be an object';

export class MoveCollectionBody {
  @ApiPropertyOptional({ type: String, nullable: true, minLength: ID_LENGTH[0], maxLength: ID_LENGTH[1], description: 'The new parent collection; null: the top level; absent: the same parent' })
  @IsOptional()
  @IsString()
  @Length(...ID_LENGTH)
  parent?: string | null;

  @ApiPropertyOptional({ type: () => ContentPositionBody, description: 'Where among the new siblings; absent: last' })
  // A move names a parent, a position or both (GitBook: minProperties 1).
  @ValidateIf((body: MoveCollectionBody) => body.position !== undefined || body.parent === undefined)
  @IsObject({ message: positionMessage })
  @ValidateNested({ message: positionMessage })
  @Type(() => ContentPositionBody)
  position?: ContentPositionBody;
}
