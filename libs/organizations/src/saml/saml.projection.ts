import { defineProjection, equalTo } from '@docs/platform/projections';
import { SamlProviderEvent } from './saml.decider';
import { TeamDeleted } from '../teams/team.decider';
import { SAML_PROVIDERS } from './saml.read-model';

/** SAML identity providers of organizations. */
export const samlProjection = defineProjection<SamlProviderEvent | TeamDeleted>({
  name: 'saml',
  version: 1,
  collections: [SAML_PROVIDERS],
  on: {
    SAMLProviderCreated({ data: { samlProviderId, ...settings }, metadata: { occurredAt } }, w) {
      w.put(SAML_PROVIDERS, { id: samlProviderId, ...settings, createdAt: occurredAt, updatedAt: occurredAt });
    },
    async SAMLProviderUpdated({ data: { samlProviderId, changes }, metadata: { occurredAt } }, w) {
      const { defaultTeam, ...changed } = changes;
      await w.update(SAML_PROVIDERS, samlProviderId, (doc) => {
        if (!doc) return null;
        // `defaultTeam: null` clears the default team.
        const { defaultTeam: was, ...rest } = doc;
        const team = defaultTeam === null ? undefined : (defaultTeam ?? was);
        return { ...rest, ...changed, ...(team === undefined ? {} : { defaultTeam: team }), updatedAt: occurredAt };
      });
    },
    SAMLProviderDeleted({ data: { samlProviderId } }, w) {
      w.delete(SAML_PROVIDERS, samlProviderId);
    },
    // A deleted team is no provider's default team any more.
    async TeamDeleted({ data: { organizationId, teamId }, metadata: { occurredAt } }, w) {
      const found = await w.find(SAML_PROVIDERS, {
        where: equalTo({ organizationId, defaultTeam: teamId }),
        limit: 1000,
      });
      for (const { defaultTeam: _gone, ...rest } of found.items) w.put(SAML_PROVIDERS, { ...rest, updatedAt: occurredAt });
    },
  },
});
