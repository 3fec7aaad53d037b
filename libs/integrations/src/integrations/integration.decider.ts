import { Aggregate, conflict, DomainEvent, forbidden, idFromSeed, invalid, notFound, Recorded } from '@docs/kernel';
import { administersIntegrations, Standing } from './integrations.policy';

/** The seed's integration name: at most 100 letters, digits, `-`, `_` and `.`. Names are global (one owner each). */
export const INTEGRATION_NAME = /^[a-zA-Z0-9-_.]+$/;
export const INTEGRATION_NAME_MAX = 100;

export const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const;
export const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;
export const INTEGRATION_RUNTIMES = ['v1', 'v2'] as const;
export const INTEGRATION_SCOPES = [
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:visitor:claims',
  'site:adaptive:read',
  'site:adaptive:write',
  'conversations:ingest',
  'openapi:read',
  'openapi:write',
] as const;
export const INTEGRATION_CATEGORIES = ['analytics', 'collaboration', 'content', 'marketing', 'visitor-auth', 'other'] as const;

export type IntegrationTarget = (typeof INTEGRATION_TARGETS)[number];
export type IntegrationVisibility = (typeof INTEGRATION_VISIBILITIES)[number];
export type IntegrationRuntime = (typeof INTEGRATION_RUNTIMES)[number];

export interface IntegrationBlock {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  urlUnfurl?: string[];
  markdown?: { codeblock: string; body: string };
}

export interface IntegrationContentSource {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  configuration: { componentId: string };
}

/**
 * What a publication says, as recorded: the icon, preview images, script and secrets are blobs
 * (by hash), so no bytes and no secret ever enter the event log.
 */
/** An image stored as a blob: its hash and its type as its bytes say (`png`, `jpg`, `svg`, ...). */
export interface StoredImage {
  hash: string;
  type: string;
}

export interface IntegrationDefinition {
  runtime: IntegrationRuntime;
  title: string;
  description: string;
  summary?: string;
  icon?: StoredImage;
  previewImages: StoredImage[];
  visibility: IntegrationVisibility;
  target: IntegrationTarget;
  scopes: string[];
  categories: string[];
  blocks: IntegrationBlock[];
  contentSources: IntegrationContentSource[];
  externalLinks: { url: string; label: string }[];
  /** `account`, `space` and `site` configurations as given (checked at the edge). */
  configurations: Record<string, unknown>;
  scriptHash: string;
  /** The secrets as a JSON blob: never returned. */
  secretsHash?: string;
  contentSecurityPolicy?: string | Record<string, string>;
}

export type IntegrationPublished = DomainEvent<
  'IntegrationPublished',
  { name: string; organizationId: string; version: number; incarnation: number; definition: IntegrationDefinition }
>;
export type IntegrationUnpublished = DomainEvent<'IntegrationUnpublished', { name: string; organizationId: string; incarnation: number }>;
export type IntegrationEvent = IntegrationPublished | IntegrationUnpublished;

export interface IntegrationState {
  status: 'none' | 'published' | 'unpublished';
  organizationId?: string;
  version: number;
  /** Counts the publications that followed no publication: installations belong to one incarnation. */
  incarnation: number;
}

/** The caller's standing in the organization the command names (undefined: not a member). */
export interface IntegrationFacts {
  standing: Standing;
}

export type IntegrationCommand =
  | { type: 'PublishIntegration'; name: string; organizationId: string; definition: IntegrationDefinition }
  | { type: 'UnpublishIntegration'; name: string; organizationId: string };

/** An integration's stream id: one per name (names are global). */
export const integrationIdOf = (name: string): string => idFromSeed(`integration:${name}`);

export const initialIntegrationState = (): IntegrationState => ({ status: 'none', version: 0, incarnation: 0 });

export function evolveIntegration(state: IntegrationState, event: Recorded<IntegrationEvent>): IntegrationState {
  switch (event.type) {
    case 'IntegrationPublished':
      return {
        status: 'published',
        organizationId: event.data.organizationId,
        version: event.data.version,
        incarnation: event.data.incarnation,
      };
    case 'IntegrationUnpublished':
      return { ...state, status: 'unpublished' };
  }
}

export function decideIntegration(state: IntegrationState, command: IntegrationCommand, facts: IntegrationFacts): IntegrationEvent[] {
  const { name, organizationId } = command;
  if (name.length > INTEGRATION_NAME_MAX || !INTEGRATION_NAME.test(name))
    throw invalid(`integration name must be 1 to ${INTEGRATION_NAME_MAX} letters, digits, "-", "_" or "."`);
  const published = state.status === 'published';
  switch (command.type) {
    case 'PublishIntegration': {
      if (facts.standing === undefined) throw notFound('organization could not be found');
      if (!administersIntegrations(facts.standing)) throw forbidden('only organization admins can publish integrations');
      if (published && state.organizationId !== organizationId) throw conflict(`integration name ${name} is owned by another organization`);
      // Re-publishing (even after an unpublish) by the same owner bumps the version; a new owner starts at 1.
      const version = state.organizationId === organizationId ? state.version + 1 : 1;
      const incarnation = published ? state.incarnation : state.incarnation + 1;
      return [{ type: 'IntegrationPublished', data: { name, organizationId, version, incarnation, definition: command.definition } }];
    }
    case 'UnpublishIntegration':
      if (!published || state.organizationId !== organizationId) throw notFound('integration not found');
      if (!administersIntegrations(facts.standing)) throw forbidden('only admins of the owner organization can unpublish an integration');
      return [{ type: 'IntegrationUnpublished', data: { name, organizationId, incarnation: state.incarnation } }];
  }
}

/** A published integration, in stream `integration-<id>` (the id derives from the name). */
export const integrationAggregate: Aggregate<IntegrationState, IntegrationCommand, IntegrationEvent, IntegrationFacts> = {
  category: 'integration',
  initialState: initialIntegrationState,
  evolve: evolveIntegration,
  decide: decideIntegration,
  schemaVersions: { IntegrationPublished: 1, IntegrationUnpublished: 1 },
};
