import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';

/**
 * The documented form of an object whose properties all hold one kind of value, documented alike:
 * the light and dark variants of a color, the price of each product. Extend it, so the schema is
 * named after the subclass:
 *
 *   export class ThemedColorResponse extends AlikeFields({ type: String, pattern: COLOR }, 'light', 'dark') {}
 */
export function AlikeFields<K extends string>(
  options: ApiPropertyOptions & { type: StringConstructor },
  ...names: K[]
): Type<Record<K, string>>;
export function AlikeFields<K extends string, V>(options: ApiPropertyOptions & { type: () => Type<V> }, ...names: K[]): Type<Record<K, V>>;
export function AlikeFields(options: ApiPropertyOptions, ...names: string[]): Type<Record<string, unknown>> {
  class Alike {}
  for (const name of names) ApiProperty(options)(Alike.prototype, name);
  return Alike as Type<Record<string, unknown>>;
}
