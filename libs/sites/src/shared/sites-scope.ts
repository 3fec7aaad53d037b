import { Caller, CallerScope, CommandContext, forbidden, notFound, ScopedCommand, ScopedQuery } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { Role } from '@docs/kernel';
import { canSeeShareLinks } from '../sites/site.decider';
import { SiteDoc, SitesReadModel } from '../sites/sites.read-model';

/**
 * What the sites writer needs of a request: the command context, the organization, and the
 * caller's membership (404 for non-members). The organization's own scope (`OrganizationScope`,
 * on `/v1/orgs/{organizationId}/sites`) and the site scope below both are one.
 */
export interface SitesContext extends CommandContext {
  readonly organizationId: string;
  member(): Promise<{ role: Role | null }>;
}

export const GUESTS_CANNOT_SEE_SITES = 'guests cannot see the sites of the organization';

/**
 * A site of an organization (`/v1/orgs/{organizationId}/sites/{siteId}/…`) and its caller. It is
 * the command context of the request's writes, and looks up on first use, then keeps for the
 * request, the caller's organization role and the site. Non-members get 404 (the organization is
 * never revealed), as does a site of another organization; guests get 403 on reads, and the
 * decider refuses writes to anyone but admins and creators.
 */
export class SiteScope extends CallerScope implements SitesContext {
  private role?: Promise<Role | null | undefined>;
  private doc?: Promise<SiteDoc | null>;

  constructor(
    readonly organizationId: string,
    readonly siteId: string,
    caller: Caller,
    private readonly directory: OrganizationDirectory,
    private readonly sites: SitesReadModel,
  ) {
    super(caller, siteId);
  }

  async member(): Promise<{ role: Role | null }> {
    const role = await (this.role ??= this.directory.roleOf(this.organizationId, this.actor));
    if (role === undefined) throw notFound('organization not found');
    return { role };
  }

  /** The site as it is now (read models), for reads: members with a role only. */
  async site(): Promise<SiteDoc> {
    const { role } = await this.member();
    if (role === null) throw forbidden(GUESTS_CANNOT_SEE_SITES);
    const doc = await (this.doc ??= this.sites.site(this.organizationId, this.siteId));
    if (!doc) throw notFound('site not found');
    return doc;
  }

  /** The site, for reads only its managers may make (share links and their keys): others with a role get 403. */
  async managedSite(): Promise<SiteDoc> {
    const site = await this.site();
    const { role } = await this.member();
    if (!canSeeShareLinks(role)) throw forbidden('share links are shown to site managers (admin or create) only');
    return site;
  }

  /** Forgets the site, after a write: the next read looks it up again. */
  refresh(): void {
    this.doc = undefined;
  }
}

/** A command about one site: its named props, and the request's site scope as its context. */
export abstract class SiteCommand<P, R = void> extends ScopedCommand<P, SiteScope, R> {}

/** A query about one site. */
export abstract class SiteQuery<P, R> extends ScopedQuery<P, SiteScope, R> {}
