import { defineReadModel, Doc, Provided, ReadModels } from '@docs/platform/projections';
import type { SiteState } from '../sites/site.decider';

/**
 * A live site as its readers' side keeps it (docs/sites-serving.md): its state, folded from its
 * stream like the API's read model but kept apart so serving never reads the API's documents, and
 * where readers find it while it is published.
 */
export interface ServedSiteDoc extends Doc {
  organizationId: string;
  /** `<organizationId>/<basename or siteId>` while published (PUBLIC_URL/sites/<route>), else null. */
  route: string | null;
  /** The custom hostname readers reach it by, while published; else null. */
  hostname: string | null;
  /** The revision of the site's stream it was folded to: part of every served page's ETag. */
  version: string;
  state: SiteState;
}

/** A space a site may show: its live revision, and whether it is in use (not in the trash). */
export interface ServedSpaceDoc extends Doc {
  revision: string;
  active: boolean;
}

export const SERVED_SITES = defineReadModel<ServedSiteDoc>({ name: 'served_sites', indexes: [['route'], ['hostname']] });
export const SERVED_SPACES = defineReadModel<ServedSpaceDoc>({ name: 'served_spaces' });

/** Where a request finds a published site: by its route under PUBLIC_URL, or by its custom hostname. */
@Provided()
export class ServedSitesReadModel {
  constructor(private readonly readModels: ReadModels) {}

  async byRoute(organizationId: string, name: string): Promise<ServedSiteDoc | null> {
    return this.first({ field: 'route', value: `${organizationId}/${name}` });
  }

  async byHostname(hostname: string): Promise<ServedSiteDoc | null> {
    return this.first({ field: 'hostname', value: hostname });
  }

  /** The spaces by id (unknown ones absent). */
  async spaces(spaceIds: readonly string[]): Promise<Map<string, ServedSpaceDoc>> {
    const docs = await this.readModels.getMany(SERVED_SPACES, [...new Set(spaceIds)]);
    return new Map(docs.map((d) => [d.id, d]));
  }

  private async first({ field, value }: { field: 'route' | 'hostname'; value: string }): Promise<ServedSiteDoc | null> {
    const { items } = await this.readModels.find(SERVED_SITES, { where: [{ field, op: 'eq', value }], limit: 1 });
    return items[0] ?? null;
  }
}
