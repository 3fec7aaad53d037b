import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, registerDecorator, ValidateIf } from 'class-validator';
import { gitbookProblem, openApiProperty, propertiesOf } from './gitbook-schema-rules';

/**
 * Request and response classes whose properties are those of one of GitBook's schemas
 * (gitbook-schema-rules.ts): each documented in the served document as this server takes it, and
 * checked with ajv at the edge, so a 400 names the field that breaks GitBook's rules.
 */

/** The property's schema for the served document (an object's own `required` list kept inside an allOf, away from ApiProperty's flag). */
export function documented(schema: string, property: string, input: boolean, required: boolean): PropertyDecorator {
  const rules = openApiProperty(schema, property, input);
  // Without a type, Nest's swagger looks for a class in the (absent) design type; every untyped one here is an object.
  const type = rules.type ?? 'object';
  // An object's own `required` list stays in its schema: Nest's swagger then reads the property's own flag from `selfRequired`.
  return ApiProperty((Array.isArray(rules.required) ? { ...rules, type, selfRequired: required } : { required, ...rules, type }) as never);
}

/** Checks the property against GitBook's schema with ajv (customization-schemas.ts): 400 naming the field that breaks it. */
function matchesGitbook(schema: string, property: string): PropertyDecorator {
  return (target) =>
    registerDecorator({
      name: 'matchesGitbookSchema',
      target: target.constructor,
      propertyName: property,
      validator: {
        // A missing field is IsDefined's to name.
        validate: (value: unknown) => value === undefined || gitbookProblem(schema, property, value) === null,
        defaultMessage: (args) => gitbookProblem(schema, property, args?.value) ?? `${property} is invalid`,
      },
    });
}

/**
 * Declares every property of GitBook's `schema` on a request class: documented, kept as sent (class-transformer would
 * drop nested keys named like Object.prototype members), required where GitBook requires it, checked by ajv.
 */
export function declareAll(type: new () => object, schema: string): void {
  const { names, required } = propertiesOf(schema);
  for (const property of names) {
    const needed = required.has(property);
    const decorators: PropertyDecorator[] = [
      documented(schema, property, true, needed),
      Transform(({ obj }) => (obj as Record<string, unknown>)[property], { toClassOnly: true }),
      matchesGitbook(schema, property),
      needed ? IsDefined({ message: `${property} is required` }) : ValidateIf((o: Record<string, unknown>) => o[property] !== undefined),
    ];
    for (const decorate of decorators) decorate(type.prototype, property);
  }
}
