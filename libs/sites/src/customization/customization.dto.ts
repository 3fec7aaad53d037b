import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toBoolean } from '@docs/platform';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, registerDecorator, ValidateIf } from 'class-validator';
import { customizationProblem, openApiProperty, propertiesOf } from './customization-schemas';

export const SETTINGS_SCHEMA = 'SiteCustomizationSettingsBase';
export const OVERRIDE_SCHEMA = 'SiteSpaceCustomizationOverride';

/** The property's schema for the served document (an object's own `required` list kept inside an allOf, away from ApiProperty's flag). */
export function documented(schema: string, property: string, input: boolean, required: boolean): PropertyDecorator {
  const rules = openApiProperty(schema, property, input);
  // Without a type, Nest's swagger looks for a class in the (absent) design type; every untyped one here is an object.
  const type = rules.type ?? 'object';
  return ApiProperty((Array.isArray(rules.required) ? { required, type, allOf: [rules] } : { required, ...rules, type }) as never);
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
        validate: (value: unknown) => value === undefined || customizationProblem(schema, property, value) === null,
        defaultMessage: (args) => customizationProblem(schema, property, args?.value) ?? `${property} is invalid`,
      },
    });
}

/**
 * Declares every property of GitBook's `schema` on a request class: documented, kept as sent (class-transformer would
 * drop nested keys named like Object.prototype members), required where GitBook requires it, checked by ajv.
 */
function declareAll(type: new () => object, schema: string): void {
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

/** PUT .../customization (updateSiteCustomizationById): GitBook's SiteCustomizationSettingsInput, whole. */
export class UpdateSiteCustomizationBody {
  [property: string]: unknown;
}
declareAll(UpdateSiteCustomizationBody, SETTINGS_SCHEMA);

/** PATCH .../site-spaces/{siteSpaceId}/customization (overrideSiteSpaceCustomizationById): what to change; null resets. */
export class OverrideSiteSpaceCustomizationBody {
  [property: string]: unknown;
}
declareAll(OverrideSiteSpaceCustomizationBody, OVERRIDE_SCHEMA);

/** `unmasked` (GitBook's deprecated flag): nothing is masked here, so it changes nothing. */
export class CustomizationQuery {
  @ApiPropertyOptional({
    type: Boolean,
    deprecated: true,
    description: 'Deprecated in GitBook; nothing is masked here, so it changes nothing',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  unmasked?: boolean;
}
