import { defineProjection, deleteWhere } from '@docs/platform/projections';
import { InstallationEvent } from '../installations/installation.decider';
import { IntegrationEvent, integrationIdOf } from './integration.decider';
import {
  audiencesOf,
  blockDomainsOf,
  entryIdOf,
  facetsOf,
  INSTALLATION_EXTERNAL_IDS,
  INTEGRATION_ENTRIES,
  INTEGRATION_INSTALLATIONS,
  INTEGRATIONS,
  IntegrationDoc,
  IntegrationEntryDoc,
} from './integrations.read-model';

/** The list entries of an integration: one per audience and facet (integrations.read-model.ts). */
function entriesOf(doc: IntegrationDoc): IntegrationEntryDoc[] {
  const common = {
    integrationId: doc.id,
    name: doc.name,
    label: `${doc.name} ${doc.title}`,
    target: doc.target,
    categories: doc.categories,
    scopes: doc.scopes,
    blockDomains: blockDomainsOf(doc.blocks.flatMap((b) => b.urlUnfurl ?? [])),
    blocks: doc.blocks.length > 0,
    contentSources: doc.contentSources.length > 0,
  };
  return audiencesOf(doc).flatMap((audience) =>
    facetsOf(doc).map((facet) => ({ id: entryIdOf(audience, facet, doc.id), audience, facet, ...common })),
  );
}

/** Published integrations, the entries their listings read, and their installations. */
export const integrationsProjection = defineProjection<IntegrationEvent | InstallationEvent>({
  name: 'integrations',
  version: 1,
  collections: [INTEGRATIONS, INTEGRATION_ENTRIES, INTEGRATION_INSTALLATIONS, INSTALLATION_EXTERNAL_IDS],
  on: {
    async IntegrationPublished({ data: { name, organizationId, version, incarnation, definition }, metadata: { occurredAt } }, w) {
      const id = integrationIdOf(name);
      const before = await w.get(INTEGRATIONS, id);
      const doc: IntegrationDoc = {
        id,
        name,
        organizationId,
        version,
        incarnation,
        ...definition,
        createdAt: before?.createdAt ?? occurredAt,
        updatedAt: occurredAt,
      };
      w.put(INTEGRATIONS, doc);
      const entries = entriesOf(doc);
      const kept = new Set(entries.map((e) => e.id));
      if (before) for (const old of entriesOf(before)) if (!kept.has(old.id)) w.delete(INTEGRATION_ENTRIES, old.id);
      for (const entry of entries) w.put(INTEGRATION_ENTRIES, entry);
    },
    async IntegrationUnpublished({ data: { name } }, w) {
      const id = integrationIdOf(name);
      w.delete(INTEGRATIONS, id);
      await deleteWhere(w, INTEGRATION_ENTRIES, 'integrationId', id);
      // Its installations go with it: a later publication of the name starts without any.
      await deleteWhere(w, INSTALLATION_EXTERNAL_IDS, 'integrationName', name);
      await deleteWhere(w, INTEGRATION_INSTALLATIONS, 'integrationName', name);
    },
    IntegrationInstalled(
      { data: { installationId, integrationName, incarnation, organizationId, externalIds }, metadata: { occurredAt } },
      w,
    ) {
      w.put(INTEGRATION_INSTALLATIONS, {
        id: installationId,
        integrationName,
        incarnation,
        organizationId,
        externalIds,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
      for (const externalId of externalIds) {
        w.put(INSTALLATION_EXTERNAL_IDS, {
          id: `${installationId}|${externalId}`,
          integrationName,
          externalId,
          installationId,
          createdAt: occurredAt,
        });
      }
    },
  },
});
