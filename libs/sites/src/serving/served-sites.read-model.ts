import { defineReadModel, Doc, Lru, Provided, ReadModel, ReadModels } from '@docs/platform/projections';
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

/** A space a site may show: its title, its live revision, and whether it is in use (not in the trash). */
export interface ServedSpaceDoc extends Doc {
  title: string;
  revision: string;
  active: boolean;
}

/** An organization with a hostname: readers may name it so in a site's path (PUBLIC_URL/sites/<hostname>/<name>). */
export interface ServedOrganizationDoc extends Doc {
  hostname: string;
}

export const SERVED_SITES = defineReadModel<ServedSiteDoc>({ name: 'served_sites', indexes: [['route'], ['hostname']] });
export const SERVED_SPACES = defineReadModel<ServedSpaceDoc>({ name: 'served_spaces' });
export const SERVED_ORGANIZATIONS = defineReadModel<ServedOrganizationDoc>({ name: 'served_organizations', indexes: [['hostname']] });

/** Routes whose site id is kept (a lookup by route costs a query; by id, a read). */
const KEPT_ROUTES = 4096;

/** Where a request finds a published site: by its route under PUBLIC_URL, or by its custom hostname. */
@Provided()
export class ServedSitesReadModel {
  /** The site last found at a route: read again by id, and used only while it still has that route. */
  private readonly routes = new Lru<string>(KEPT_ROUTES);

  constructor(private readonly readModels: ReadModels) {}

  /** The site published at `<organization>/<name>`, the organization named by its id or, failing that, its hostname. */
  async byRoute(organization: string, name: string): Promise<ServedSiteDoc | null> {
    const route = `${organization}/${name}`;
    const kept = this.routes.get(route);
    const known = kept === undefined ? null : await this.readModels.get(SERVED_SITES, kept);
    if (known?.route === route) return known;
    const byId = await this.first(SERVED_SITES, 'route', route);
    if (byId) {
      this.routes.set(route, byId.id);
      return byId;
    }
    const named = await this.first(SERVED_ORGANIZATIONS, 'hostname', organization);
    return named ? this.first(SERVED_SITES, 'route', `${named.id}/${name}`) : null;
  }

  async byHostname(hostname: string): Promise<ServedSiteDoc | null> {
    return this.first(SERVED_SITES, 'hostname', hostname);
  }

  /** The spaces by id (unknown ones absent). */
  async spaces(spaceIds: readonly string[]): Promise<Map<string, ServedSpaceDoc>> {
    const docs = await this.readModels.getMany(SERVED_SPACES, [...new Set(spaceIds)]);
    return new Map(docs.map((d) => [d.id, d]));
  }

  private async first<D extends Doc>(collection: ReadModel<D>, field: string, value: string): Promise<D | null> {
    const { items } = await this.readModels.find(collection, { where: [{ field, op: 'eq', value }], limit: 1 });
    return items[0] ?? null;
  }
}
