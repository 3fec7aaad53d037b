import { Projection, RecordedEvent } from '@docs/platform';
import { SamlProviderCreated, SamlProviderDeleted, SamlProviderSettings, SamlProviderUpdated } from '../domain/saml';
import { TeamDeleted } from '../domain/team';

export type SamlProviderDoc = SamlProviderSettings & {
  id: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
};

/** SAML identity providers of organizations. */
export const samlProjection: Projection = {
  name: 'saml',
  version: 1,
  collections: [
    {
      name: 'saml_providers',
      indexes: [['organizationId', 'createdAt'], ['organizationId', 'defaultTeam']],
      counts: [['organizationId']],
    },
  ],
  handles: ['SAMLProviderCreated', 'SAMLProviderUpdated', 'SAMLProviderDeleted', 'TeamDeleted'],
  async apply(event: RecordedEvent, w) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'SAMLProviderCreated': {
        const { samlProviderId, ...settings } = (event as unknown as SamlProviderCreated).data;
        w.put('saml_providers', { id: samlProviderId, ...settings, createdAt: at, updatedAt: at } satisfies SamlProviderDoc);
        return;
      }
      case 'SAMLProviderUpdated': {
        const { samlProviderId, changes } = (event as unknown as SamlProviderUpdated).data;
        await w.update<SamlProviderDoc>('saml_providers', samlProviderId, (doc) => {
          if (!doc) return null;
          const next: SamlProviderDoc = { ...doc, updatedAt: at };
          for (const [key, value] of Object.entries(changes)) {
            if (value === null && key === 'defaultTeam') delete next[key];
            else if (value !== undefined) next[key] = value;
          }
          return next;
        });
        return;
      }
      case 'SAMLProviderDeleted': {
        w.delete('saml_providers', (event as unknown as SamlProviderDeleted).data.samlProviderId);
        return;
      }
      case 'TeamDeleted': {
        // A deleted team is no provider's default team any more.
        const { organizationId, teamId } = (event as unknown as TeamDeleted).data;
        const found = await w.find<SamlProviderDoc>('saml_providers', {
          where: [{ field: 'organizationId', op: 'eq', value: organizationId }, { field: 'defaultTeam', op: 'eq', value: teamId }],
          limit: 1000,
        });
        for (const doc of found.items) {
          const { defaultTeam: _gone, ...rest } = doc;
          w.put('saml_providers', { ...rest, updatedAt: at });
        }
        return;
      }
    }
  },
};
