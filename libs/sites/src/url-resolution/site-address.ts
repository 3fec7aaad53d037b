import { isIP } from 'node:net';
import type { ServedSiteDoc, ServedSitesReadModel } from '../serving/served-sites.read-model';

/** Where readers reach sites (docs/sites-serving.md): the server's PUBLIC_URL and the optional SITES_DOMAIN. */
export interface SiteHosts {
  publicUrl: string;
  sitesDomain: string | null;
}

/** A published site a URL names: the site, the URL path it is served at, and the decoded segments after it. */
export interface AddressedSite {
  doc: ServedSiteDoc;
  /** The site's base path in the URL (`/sites/<org>/<name>`, `/<name>` on SITES_DOMAIN, `` on a custom hostname). */
  siteBase: string;
  rest: string[];
}

/** Percent-decoded non-empty segments; null when one is malformed (it names nothing, as on the served site). */
function decoded(raw: readonly string[]): string[] | null {
  try {
    return raw.filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/**
 * The published site `url` names, found as the served site finds a request's (site-server.ts): a path
 * `/sites/<organization id or hostname>/<basename or site id>/...` on any host (under PUBLIC_URL's path
 * on its host), `<organization hostname>.<SITES_DOMAIN>/<basename or site id>/...`, or a site's custom
 * hostname. Null when no published site is there.
 */
export async function addressedSite(url: URL, hosts: SiteHosts, sites: ServedSitesReadModel): Promise<AddressedSite | null> {
  const base = new URL(hosts.publicUrl);
  const host = url.hostname.toLowerCase();
  const prefix = host === base.hostname && url.pathname.startsWith(`${base.pathname}/`) ? base.pathname.replace(/\/$/, '') : '';
  const raw = url.pathname.slice(prefix.length).split('/').slice(1);
  if (raw[0] === 'sites' && raw.length >= 3) {
    const [, organization = '', name = '', ...rest] = raw;
    return found(await byRoute(sites, organization, name), `${prefix}/sites/${organization}/${name}`, rest);
  }
  if (host === base.hostname || !host.includes('.') || isIP(host) !== 0) return null;
  const domain = hosts.sitesDomain;
  if (domain !== null && host.endsWith(`.${domain}`)) {
    const organization = host.slice(0, -domain.length - 1);
    const [name = '', ...rest] = raw;
    return organization.includes('.') ? null : found(await byRoute(sites, organization, name), `/${name}`, rest);
  }
  return found(await sites.byHostname(host), '', raw);
}

async function byRoute(sites: ServedSitesReadModel, organization: string, name: string): Promise<ServedSiteDoc | null> {
  const [org, site] = decoded([organization, name]) ?? [];
  return org && site ? sites.byRoute(org, site) : null;
}

function found(doc: ServedSiteDoc | null, siteBase: string, raw: readonly string[]): AddressedSite | null {
  const rest = decoded(raw);
  return doc && rest ? { doc, siteBase, rest } : null;
}
