/**
 * Body properties that name another resource, by property name, and the fixture each takes: a
 * generated request refers to resources that exist, as a client's would (a reference to one that
 * does not is the fuzz suites' business).
 */
const REFERENCES: ReadonlyMap<string, string> = new Map([
  ['spaceId', 'spaceId'],
  ['spaces', 'spaceId'],
  ['parent', 'collectionId'],
  ['members', 'userId'],
  ['users', 'userId'],
  ['add', 'userId'],
  ['remove', 'userId'],
  ['teams', 'teamId'],
  ['defaultTeam', 'teamId'],
  ['sectionId', 'siteSectionId'],
  ['sections', 'siteSectionId'],
  ['defaultSiteSection', 'siteSectionId'],
  ['defaultSiteSpace', 'siteSpaceId'],
  ['site', 'siteId'],
  ['organization', 'organizationId'],
  ['page', 'pageId'],
  ['into', 'pageId'],
  ['siteSpace', 'siteSpaceId'],
  ['siteSection', 'siteSectionId'],
  ['space', 'spaceId'],
  ['collection', 'collectionId'],
]);

/** The fixture a structure pointer (`{ type, id }`) names, by its type. */
const POINTED: ReadonlyMap<unknown, string> = new Map([
  ['site-space', 'siteSpaceId'],
  ['site-section', 'siteSectionId'],
  ['site-section-group', 'siteSectionGroupId'],
]);

/** `value` with every string (or list of strings) under a reference property replaced by its fixture's id, at any depth. */
export function withFixtures(value: unknown, ids: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withFixtures(item, ids));
  if (value === null || typeof value !== 'object') return value;
  // A map from user id (a team's memberships): the fixture user, a member of the fixture team.
  if (Object.hasOwn(value, 'memberships')) {
    const { memberships, ...rest } = value as { memberships: unknown };
    const roles = memberships && typeof memberships === 'object' ? Object.values(memberships) : [];
    return { ...(withFixtures(rest, ids) as object), memberships: roles.length > 0 ? { [ids.userId!]: roles[0] } : memberships };
  }
  const pointed = POINTED.get((value as { type?: unknown }).type);
  if (pointed && typeof (value as { id?: unknown }).id === 'string') return { ...value, id: ids[pointed] };
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const fixture = REFERENCES.get(key);
      const id = fixture === undefined ? undefined : ids[fixture];
      if (id !== undefined && typeof item === 'string') return [key, id];
      if (id !== undefined && Array.isArray(item) && item.every((v) => typeof v === 'string')) return [key, item.length > 0 ? [id] : []];
      return [key, withFixtures(item, ids)];
    }),
  );
}
