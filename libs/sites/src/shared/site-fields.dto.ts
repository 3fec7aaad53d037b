import { Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Equals, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { ApiField, IsOptionalNotNull, NotServed, OptionalText, SchemaKeywords, Stacked } from '@docs/platform';
import { MAX_CONDITION, MAX_ICON } from '../sites/site.decider';

export const ID = () => Stacked(IsString(), Length(1, 255));

/** GitBook's `draft` on structure items: only false (published with the site) is taken. */
export const NotDraft = () => NotServed('draft', 'drafts are not kept (the structure is published as it is)', false);

/** GitBook's `template` for new content: not taken. */
export const NoTemplate = () => NotServed('template', 'templates are not served');

/** GitBook's `localizedTitle` and `localizedDescription`: not taken. */
export const NotLocalized = (name: string) => NotServed(name, 'titles and descriptions are not translated');

/** GitBook's `pageId` (the page a site space or section opens on): not taken. */
export const NoPageId = () => NotServed('pageId', 'a site space or section shows its space from the first page');

/** What GitBook's requests adding a site space or a section also take, and this server does not. */
export class NewStructureItemBody {
  @NoTemplate()
  template?: unknown;

  @NotDraft()
  draft?: false;

  @NoPageId()
  pageId?: unknown;
}

/** The id of another resource (a space, a section...), optional unless `required`. */
export const IdOf = (description: string, { required = false } = {}) =>
  Stacked(ApiField({ type: String, description }, { required }), ID());

/** Text of `min` to `max` characters (a title, a path), optional unless `required`. */
export const Text = (
  { min, max }: { min: number; max: number },
  { description, required = false }: { description?: string; required?: boolean } = {},
) =>
  Stacked(
    ApiField({ type: String, minLength: min, maxLength: max, ...(description !== undefined ? { description } : {}) }, { required }),
    IsString(),
    Length(min, max),
  );

/** An optional field that may be null (null removes the value). */
export const Nullable = () => ValidateIf((_object, value) => value !== undefined && value !== null);

/** A share key (reads of a site's structure): an active link's key; on a share-link site, published URLs carry it. */
export const ShareKey = () =>
  Stacked(
    ApiPropertyOptional({
      type: String,
      description:
        'For share-link sites: the key of an active share link, which published URLs then carry (a wrong or inactive key is 404)',
    }),
    OptionalText(255),
  );

export const Condition = () =>
  Stacked(
    ApiPropertyOptional({
      type: String,
      minLength: 1,
      maxLength: MAX_CONDITION,
      nullable: true,
      // The expression grammar (docs/sites-design.md) is a format of the server's own, shown by its example.
      format: 'condition',
      example: 'visitor.claims.plan === "pro"',
      description:
        'Expression deciding whether visitors see it (visitor claims, comparisons, !, && and ||); null removes it, omitted keeps it',
    }),
    Nullable(),
    IsString(),
    Length(1, MAX_CONDITION),
  );

export const Icon = () =>
  Stacked(
    ApiPropertyOptional({ type: String, maxLength: MAX_ICON, nullable: true, description: 'Icon name, or null for none' }),
    Nullable(),
    IsString(),
    Length(1, MAX_ICON),
  );

/**
 * An optional nested object of the class `type` (a move's position and its pointers): documented,
 * validated and built as that class. Null is refused: absent is how a request leaves it out.
 */
export const Nested = (type: () => new () => object, { description }: { description?: string } = {}) =>
  Stacked(
    // Swagger takes a function as a lazy type only when the function is named `type`, as an arrow
    // written in a `type:` property is; the argument itself is anonymous (an empty $ref otherwise).
    ApiPropertyOptional({ type: () => type(), ...(description !== undefined ? { description } : {}) }),
    IsOptionalNotNull(),
    ValidateNested(),
    Type(type),
  );

/** GitBook's pointer to an item of one kind (SiteSpacePointer, SiteSectionPointer): `{ type: kind, [field]: id }`. */
export function Pointer<K extends string, F extends string>(kind: K, field: F): Class<{ type: K } & Record<F, string>> {
  class KindPointer {}
  Stacked(ApiProperty({ enum: [kind] }), Equals(kind, { message: `type must be ${kind}` }))(KindPointer.prototype, 'type');
  Stacked(ApiProperty({ type: String }), ID())(KindPointer.prototype, field);
  return KindPointer as Class<{ type: K } & Record<F, string>>;
}

/** Where a (deprecated) move puts an item: before or after the sibling `pointer` names; neither, the end. */
export function SiblingPosition<P extends object>(pointer: () => Class<P>): Class<{ before?: P; after?: P }> {
  // Before or after, not both (the decider refuses both).
  @SchemaKeywords({ keywords: { maxProperties: 1 } })
  class Position {
    @Nested(pointer)
    before?: P;

    @Nested(pointer)
    after?: P;
  }
  return Position;
}

/** The body of a (deprecated) move: the `position` of the item among its siblings (SiblingPosition). */
export function MoveBody<P extends object>(position: () => Class<P>, description: string): Class<{ position?: P }> {
  class Move {
    @Nested(position, { description })
    position?: P;
  }
  return Move;
}
