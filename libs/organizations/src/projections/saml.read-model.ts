import { Injectable } from '@nestjs/common';
import { defineReadModel, FindResult, notFound, ReadModels } from '@docs/platform';
import { SamlProviderSettings } from '../domain/saml';

/** The SAML read model: organizations' SAML identity providers. */

export type SamlProviderDoc = SamlProviderSettings & {
  id: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
};

// GET .../saml and .../sso: by organization, oldest first; and the providers whose default team is deleted.
export const SAML_PROVIDERS = defineReadModel<SamlProviderDoc>({
  name: 'saml_providers',
  indexes: [['organizationId', 'createdAt'], ['organizationId', 'defaultTeam']],
  counts: [['organizationId']],
});

type Page = { after?: string; limit: number };

/** The queries over the SAML read model. */
@Injectable()
export class SamlReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The provider, if it belongs to the organization; 404 otherwise. */
  async provider(organizationId: string, samlProviderId: string): Promise<SamlProviderDoc> {
    const provider = await this.readModels.get(SAML_PROVIDERS, samlProviderId);
    if (!provider || provider.organizationId !== organizationId) throw notFound('SAML provider not found');
    return provider;
  }

  /** The organization's providers, oldest first. */
  providers(organizationId: string, page: Page): Promise<FindResult<SamlProviderDoc>> {
    return this.readModels.find(SAML_PROVIDERS, {
      where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
  }
}
