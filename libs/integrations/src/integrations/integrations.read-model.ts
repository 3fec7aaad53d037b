import { defineReadModel, Doc, Filter, FindResult, found, Page, ReadModels, resolvePage, Sort, Provided } from '@docs/platform/projections';
import { IntegrationDefinition, integrationIdOf, IntegrationTarget, IntegrationVisibility } from './integration.decider';

/** The integrations read model: published integrations, their list entries, their installations. */

export interface IntegrationDoc extends Doc, IntegrationDefinition {
  name: string;
  organizationId: string;
  version: number;
  incarnation: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * One entry of the integrations listing: an integration under one audience (who may list it) and
 * one facet (the filter it answers), so that every filtered list is one index range sorted by
 * name, and its count, with one filter, a counter. Further filters are tests along that range.
 */
export interface IntegrationEntryDoc extends Doc {
  /** `marketplace` (public ones), `owner:<org>` (all of an organization's, for its members), `owner-public:<org>` (its public ones). */
  audience: string;
  /** `all`, `category:<c>`, `scope:<s>`, `blockDomain:<d>`, `target:<t>`, `blocks:<bool>`, `contentSources:<bool>`. */
  facet: string;
  integrationId: string;
  name: string;
  /** Name and title: what `search` matches. */
  label: string;
  target: IntegrationTarget;
  categories: string[];
  scopes: string[];
  blockDomains: string[];
  blocks: boolean;
  contentSources: boolean;
}

export interface InstallationDoc extends Doc {
  integrationName: string;
  incarnation: number;
  organizationId: string;
  externalIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** An external id of an installation: `externalId` filters are one index range. */
export interface InstallationExternalIdDoc extends Doc {
  integrationName: string;
  externalId: string;
  installationId: string;
  createdAt: string;
}

export const INTEGRATIONS = defineReadModel<IntegrationDoc>({
  name: 'integrations',
  lists: [['organizationId', 'createdAt']],
});

export const INTEGRATION_ENTRIES = defineReadModel<IntegrationEntryDoc>({
  name: 'integration_entries',
  fields: ['integrationId', 'target', 'blocks', 'contentSources'],
  lists: [['audience', 'facet', 'name']],
  indexes: [['integrationId']],
  search: ['label'],
});

export const INTEGRATION_INSTALLATIONS = defineReadModel<InstallationDoc>({
  name: 'integration_installations',
  lists: [['integrationName', 'createdAt']],
});

export const INSTALLATION_EXTERNAL_IDS = defineReadModel<InstallationExternalIdDoc>({
  name: 'integration_installation_external_ids',
  lists: [['integrationName', 'externalId', 'createdAt']],
  indexes: [['installationId']],
});

/** The seed's listIntegrations filters. */
export interface IntegrationFilters {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: IntegrationTarget;
}

export const MARKETPLACE = 'marketplace';
export const ownerAudience = (organizationId: string) => `owner:${organizationId}`;
export const ownerPublicAudience = (organizationId: string) => `owner-public:${organizationId}`;

/** The domains a block's URL pattern names, and their parent domains (`www.youtube.com`, `youtube.com`). */
export function blockDomainsOf(urlPatterns: readonly string[]): string[] {
  const domains = new Set<string>();
  for (const pattern of urlPatterns) {
    const host = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#:]+)/i.exec(pattern)?.[1]?.toLowerCase().replace(/^\*\./, '');
    if (!host) continue;
    const labels = host.split('.');
    for (let i = 0; i < labels.length - 1; i++) domains.add(labels.slice(i).join('.'));
  }
  return [...domains];
}

/** The facets an integration answers. An `all` target answers every target filter. */
export function facetsOf(doc: Pick<IntegrationDoc, 'categories' | 'scopes' | 'target' | 'blocks' | 'contentSources'>): string[] {
  const targets = doc.target === 'all' ? ['all', 'site', 'space', 'organization'] : [doc.target];
  return [
    'all',
    ...doc.categories.map((c) => `category:${c}`),
    ...doc.scopes.map((s) => `scope:${s}`),
    ...blockDomainsOf(doc.blocks.flatMap((b) => b.urlUnfurl ?? [])).map((d) => `blockDomain:${d}`),
    ...targets.map((t) => `target:${t}`),
    `blocks:${doc.blocks.length > 0}`,
    `contentSources:${doc.contentSources.length > 0}`,
  ];
}

/** The audiences an integration is listed to. Unlisted ones are listed only to the owner's members. */
export function audiencesOf(doc: Pick<IntegrationDoc, 'organizationId' | 'visibility'>): string[] {
  const visibility: IntegrationVisibility = doc.visibility;
  return visibility === 'public'
    ? [MARKETPLACE, ownerAudience(doc.organizationId), ownerPublicAudience(doc.organizationId)]
    : [ownerAudience(doc.organizationId)];
}

export const entryIdOf = (audience: string, facet: string, integrationId: string) => `${audience}|${facet}|${integrationId}`;

/** The facet a query takes its range from (the most selective filter given), and the filters left to test along it. */
function rangeOf(filters: IntegrationFilters): { facet: string; where: Filter[] } {
  const tests: { facet: string; where: Filter }[] = [];
  if (filters.blockDomain !== undefined) {
    const domain = filters.blockDomain.toLowerCase();
    tests.push({ facet: `blockDomain:${domain}`, where: { field: 'blockDomains', op: 'contains', value: domain } });
  }
  if (filters.scope !== undefined)
    tests.push({ facet: `scope:${filters.scope}`, where: { field: 'scopes', op: 'contains', value: filters.scope } });
  if (filters.category !== undefined)
    tests.push({ facet: `category:${filters.category}`, where: { field: 'categories', op: 'contains', value: filters.category } });
  if (filters.target !== undefined) {
    tests.push({
      facet: `target:${filters.target}`,
      where: { field: 'target', op: 'in', values: filters.target === 'all' ? ['all'] : [filters.target, 'all'] },
    });
  }
  if (filters.blocks !== undefined)
    tests.push({ facet: `blocks:${filters.blocks}`, where: { field: 'blocks', op: 'eq', value: filters.blocks } });
  if (filters.contentSources !== undefined)
    tests.push({
      facet: `contentSources:${filters.contentSources}`,
      where: { field: 'contentSources', op: 'eq', value: filters.contentSources },
    });
  const [first, ...rest] = tests;
  const where = rest.map((t) => t.where);
  if (filters.search) where.push({ field: 'label', op: 'ilike', value: filters.search });
  return { facet: first?.facet ?? 'all', where };
}

const BY_NAME: Sort = { field: 'name', direction: 'asc' };

@Provided()
export class IntegrationsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The published integration, or null. */
  byName(name: string): Promise<IntegrationDoc | null> {
    return this.readModels.get(INTEGRATIONS, integrationIdOf(name));
  }

  /** One page of the integrations listed to `audience` that match the filters, by name. */
  async list(audience: string, filters: IntegrationFilters, page: Page): Promise<FindResult<IntegrationDoc>> {
    const { facet, where } = rangeOf(filters);
    const entries = await this.readModels.find(INTEGRATION_ENTRIES, {
      where: [{ field: 'audience', op: 'eq', value: audience }, { field: 'facet', op: 'eq', value: facet }, ...where],
      sort: BY_NAME,
      ...page,
    });
    return resolvePage(
      entries,
      (e) => e.integrationId,
      (ids) => this.readModels.getMany(INTEGRATIONS, ids),
    );
  }

  async installation(installationId: string): Promise<InstallationDoc> {
    return found(await this.readModels.get(INTEGRATION_INSTALLATIONS, installationId), 'installation not found');
  }

  /** An integration's installations, oldest first, or those with an external id. */
  async installations(integrationName: string, externalId: string | undefined, page: Page): Promise<FindResult<InstallationDoc>> {
    if (externalId === undefined)
      return this.readModels.findIn(
        INTEGRATION_INSTALLATIONS,
        'integrationName',
        integrationName,
        { field: 'createdAt', direction: 'asc' },
        page,
      );
    const entries = await this.readModels.find(INSTALLATION_EXTERNAL_IDS, {
      where: [
        { field: 'integrationName', op: 'eq', value: integrationName },
        { field: 'externalId', op: 'eq', value: externalId },
      ],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
    return resolvePage(
      entries,
      (e) => e.installationId,
      (ids) => this.readModels.getMany(INTEGRATION_INSTALLATIONS, ids),
    );
  }
}
