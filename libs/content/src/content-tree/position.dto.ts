import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { IsOptionalNotNull, Stacked } from '@docs/platform';
import { ContentPointer, ContentPosition } from './content-siblings';

/** The positions of spaces and collections among their siblings, and the two fields of a move (MoveSpaceBody, MoveCollectionBody). */

/** A space or collection id: GitBook's EntityId. */
export const ID_LENGTH = [1, 255] as const;

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

  @ApiPropertyOptional({
    minLength: ID_LENGTH[0],
    maxLength: ID_LENGTH[1],
    description: 'Unique identifier of the collection (type collection)',
  })
  @PointerId('collection')
  collection?: string;
}

/** GitBook's SpacePointer or CollectionPointer, as the served document states them: each kind with its own id. */
const POINTER_SCHEMAS = POINTER_TYPES.map((kind) => ({
  type: 'object',
  properties: {
    type: { type: 'string', enum: [kind] },
    [kind]: { type: 'string', minLength: ID_LENGTH[0], maxLength: ID_LENGTH[1], description: `Unique identifier of the ${kind}` },
  },
  required: ['type', kind],
  additionalProperties: false,
}));

/** A pointer field of a position: an object when present, never null. */
const Pointer = () =>
  Stacked(
    IsOptionalNotNull(),
    IsObject(),
    ValidateNested({ message: '$property must be an object' }),
    Type(() => ContentPointerBody),
  );

/** GitBook's ContentPosition: right before a sibling, right after one, or between the two. */
export class ContentPositionBody {
  @ApiPropertyOptional({ type: Object, oneOf: POINTER_SCHEMAS, description: 'Place it right before this sibling' })
  @Pointer()
  before?: ContentPointerBody;

  @ApiPropertyOptional({
    type: Object,
    oneOf: POINTER_SCHEMAS,
    description: 'Place it right after this sibling; with both, `after` must name a sibling placed before the one `before` names',
  })
  @Pointer()
  after?: ContentPointerBody;
}

/** A validated position body as the placements read it (each pointer narrowed to its kind). */
export function positionOf(body: ContentPositionBody | undefined): ContentPosition | undefined {
  const pointer = (p: ContentPointerBody): ContentPointer =>
    p.type === 'space' ? { type: 'space', space: p.space! } : { type: 'collection', collection: p.collection! };
  return body && { ...(body.before && { before: pointer(body.before) }), ...(body.after && { after: pointer(body.after) }) };
}

const positionMessage = ({ value }: ValidationArguments) =>
  value === undefined ? 'position: a move names a parent, a position or both' : 'position must be an object';

/** The `parent` of a new space or collection: a collection id; absent, the top level (never null). */
export const NewParent = () =>
  Stacked(
    ApiPropertyOptional({
      minLength: ID_LENGTH[0],
      maxLength: ID_LENGTH[1],
      description: 'ID of a parent collection; none: the top level',
    }),
    IsOptionalNotNull(),
    IsString(),
    Length(...ID_LENGTH),
  );

/** A move's `parent`: a collection id, or null for the top level; absent keeps the parent (`description` says how). */
export const MoveParent = (description: string) =>
  Stacked(
    ApiPropertyOptional({ type: String, nullable: true, minLength: ID_LENGTH[0], maxLength: ID_LENGTH[1], description }),
    IsOptional(),
    IsString(),
    Length(...ID_LENGTH),
  );

/** A move's `position`. A move names a parent, a position or both (GitBook: minProperties 1). */
export const MovePosition = (description: string) =>
  Stacked(
    ApiPropertyOptional({ type: () => ContentPositionBody, description }),
    ValidateIf((body: { parent?: unknown; position?: unknown }) => body.position !== undefined || body.parent === undefined),
    IsObject({ message: positionMessage }),
    ValidateNested({ message: positionMessage }),
    Type(() => ContentPositionBody),
  );
