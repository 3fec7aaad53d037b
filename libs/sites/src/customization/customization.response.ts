import { OptionalDateTime } from '@docs/platform';
import { propertiesOf } from '../shared/gitbook-schema-rules';
import { SETTINGS_SCHEMA } from './customization.dto';
import { documented } from '../shared/gitbook-body';

/** GitBook's SiteCustomizationSettings: every section of SiteCustomizationSettingsBase, as its schemas say, and when it was updated. */
export class SiteCustomizationResponse {
  [property: string]: unknown;

  @OptionalDateTime('When the customization settings were updated; absent until they are')
  updatedAt?: string;
}
{
  const { names, required } = propertiesOf(SETTINGS_SCHEMA);
  for (const property of names)
    documented(SETTINGS_SCHEMA, property, false, required.has(property))(SiteCustomizationResponse.prototype, property);
}
