import { defineReadModel, Doc, FindResult, found, OLDEST_FIRST, Page, ReadModels, Provided } from '@docs/platform/projections';
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

/** The queries over the SAML read model. */
@Provided()
export class SamlReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The provider, if it belongs to the organization; 404 otherwise. */
  async provider(organizationId: string, samlProviderId: string): Promise<SamlProviderDoc> {
    return found(await this.readModels.getIn(SAML_PROVIDERS, samlProviderId, 'organizationId', organizationId), 'SAML provider not found');
  }

  /** The organization's providers, oldest first. */
  providers(organizationId: string, page: Page): Promise<FindResult<SamlProviderDoc>> {
    return this.readModels.findIn(SAML_PROVIDERS, 'organizationId', organizationId, OLDEST_FIRST, page);
  }
}
