import { defineReadModel, Doc, OwnedDocs, ReadModels, Provided } from '@docs/platform/projections';
import { SamlProviderSettings } from './saml.decider';

/** The SAML read model: organizations' SAML identity providers. */

export interface SamlProviderDoc extends Doc, SamlProviderSettings {
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

// GET .../saml and .../sso: by organization, oldest first; and the providers whose default team is deleted.
export const SAML_PROVIDERS = defineReadModel<SamlProviderDoc>({
  name: 'saml_providers',
  lists: [['organizationId', 'createdAt']],
  indexes: [['organizationId', 'defaultTeam']],
});

/** The queries over the SAML read model: a provider of the organization (404 otherwise), and its list, oldest first. */
@Provided()
export class SamlReadModel extends OwnedDocs<SamlProviderDoc, 'organizationId'> {
  constructor(readModels: ReadModels) {
    super(readModels, SAML_PROVIDERS, 'organizationId', 'SAML provider not found');
  }
}
