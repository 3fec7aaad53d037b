import type { SiteState } from '../sites/site.decider';
import type { SiteDoc } from '../sites/sites.read-model';

/**
 * Where this server serves a site to readers (docs/sites-serving.md): `PUBLIC_URL/sites/<organization
 * id>/<basename or site id>`, no trailing slash. The presenter's `urls.published` and the redirects'
 * loop walk both name it.
 */
export function hostedSiteUrl(site: SiteDoc, publicUrl: string): string {
  const { settings } = site.state as SiteState;
  return `${publicUrl}/sites/${site.organizationId}/${encodeURIComponent(settings.basename ?? site.id)}`;
}
