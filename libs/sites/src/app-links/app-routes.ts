/**
 * Where `urls.app` of a resource can be read on this server when APP_URL is left at its default
 * (`PUBLIC_URL/app`, README "Configuration"): the `/app/...` path every presenter builds, mapped to the
 * API path of the same resource (its `urls.location`). A pure mapping of the path's segments: it reads
 * nothing, so it reveals nothing (the API then answers 401/404 to a caller who may not see it).
 */

/** An application path's target: an API path, or a site whose published pages may stand in for it. */
export type AppTarget = { kind: 'api'; path: string } | { kind: 'site'; organizationId: string; siteId: string; apiPath: string };

const api = (path: string): AppTarget => ({ kind: 'api', path });

/** The page path after a space's (or change request's, or revision's) base, or null when there is none. */
const pagePath = (rest: readonly string[]) => (rest.length === 0 ? null : rest.join('/'));

/** `s/<spaceId>[/~/changes/<id> | /~/revisions/<id>][/<page path>]`: the space, its content places, and their pages. */
function spaceTarget(spaceId: string, rest: readonly string[]): AppTarget | null {
  const space = `/v1/spaces/${spaceId}`;
  if (rest[0] !== '~') {
    const page = pagePath(rest);
    return api(page === null ? space : `${space}/content/path/${page}`);
  }
  const [, kind, id, ...tail] = rest;
  if (!id) return null;
  const page = pagePath(tail);
  if (kind === 'changes')
    return api(page === null ? `${space}/change-requests/${id}` : `${space}/change-requests/${id}/content/path/${page}`);
  if (kind === 'revisions') return api(page === null ? `${space}/revisions/${id}` : `${space}/revisions/${id}/path/${page}`);
  return null;
}

/** `o/<organizationId>[/c/<id> | /sites/<id>[/preview] | /openapi/<slug> | /integrations/<name>]`. */
function organizationTarget(organizationId: string, rest: readonly string[]): AppTarget | null {
  const org = `/v1/orgs/${organizationId}`;
  const [kind, id, extra, ...tail] = rest;
  if (kind === undefined) return api(org);
  if (!id || tail.length > 0) return null;
  if (kind === 'sites' && extra === undefined) return { kind: 'site', organizationId, siteId: id, apiPath: `${org}/sites/${id}` };
  if (kind === 'sites' && extra === 'preview') return api(`${org}/sites/${id}/published`);
  if (extra !== undefined) return null;
  if (kind === 'c') return api(`/v1/collections/${id}`);
  if (kind === 'openapi') return api(`${org}/openapi/${id}`);
  if (kind === 'integrations') return api(`/v1/integrations/${id}`);
  return null;
}

/** A segment that names something: not empty, not a dot segment (encoded or not: URL parsers resolve `%2e%2e`), well encoded. */
function plainSegment(segment: string): boolean {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded !== '' && decoded !== '.' && decoded !== '..' && !segment.includes('\\');
  } catch {
    return false;
  }
}

/**
 * The target of an application path's raw (still percent-encoded) segments after `/app`, or null when
 * no resource has such a path. Segments keep their encoding, so a target is always a path on this server.
 */
export function appTarget(segments: readonly string[]): AppTarget | null {
  if (!segments.every(plainSegment)) return null;
  const [kind, id, ...rest] = segments;
  if (!id) return null;
  if (kind === 's') return spaceTarget(id, rest);
  if (kind === 'o') return organizationTarget(id, rest);
  if (kind === 'integrations' && rest.length === 0) return api(`/v1/integrations/${id}`);
  return null;
}
