import { sectionOrder, SiteState } from '../sites/site.decider';
import type { ServedSpaceDoc } from './served-sites.read-model';

/** A site space readers can open: its space's live revision, and its place (path) in its level. */
export interface ServedSiteSpace {
  id: string;
  spaceId: string;
  revision: string;
  /** The space's title (the variant's name). */
  title: string;
  path: string;
  default: boolean;
}

/** A level of the site: a section (a tab), or the root level of a site without sections. */
export interface ServedLevel {
  /** Null at the root level. */
  sectionId: string | null;
  title: string;
  path: string;
  default: boolean;
  siteSpaces: ServedSiteSpace[];
}

/** Marks the first entry the default when none of `entries` is (the level's default went to a space not shown). */
function withOneDefault<T extends { default: boolean }>(entries: T[]): T[] {
  const chosen = entries.find((e) => e.default) ?? entries[0];
  return entries.map((e) => ((e === chosen) === e.default ? e : { ...e, default: e === chosen }));
}

/**
 * The levels readers see, in order: the sections (with their site spaces) when the site has some,
 * else the root level. Site spaces whose space is in the trash, gone or unknown are left out, and
 * so is a level left with none.
 */
export function servedLevels(state: SiteState, spaces: ReadonlyMap<string, ServedSpaceDoc>): ServedLevel[] {
  const siteSpacesOf = (sectionId: string | null) =>
    withOneDefault(
      state.siteSpaces.flatMap((s) => {
        const space = spaces.get(s.spaceId);
        if (s.sectionId !== sectionId || !space?.active) return [];
        return [{ id: s.id, spaceId: s.spaceId, revision: space.revision, title: space.title, path: s.path, default: s.default }];
      }),
    );
  if (state.sections.length === 0) {
    const siteSpaces = siteSpacesOf(null);
    return siteSpaces.length === 0 ? [] : [{ sectionId: null, title: state.settings.title, path: '', default: true, siteSpaces }];
  }
  const byId = new Map(state.sections.map((s) => [s.id, s]));
  const levels = sectionOrder(state).flatMap((id) => {
    const section = byId.get(id);
    const siteSpaces = siteSpacesOf(id);
    return section && siteSpaces.length > 0
      ? [{ sectionId: id, title: section.title, path: section.path, default: section.default, siteSpaces }]
      : [];
  });
  return withOneDefault(levels);
}

/** Where a request path leads in a site: a level, one of its site spaces, the path segments naming them, and what follows. */
export interface Located {
  level: ServedLevel;
  siteSpace: ServedSiteSpace;
  /** The segments that named the level and the site space (none for the defaults). */
  prefix: string[];
  /** The page path that follows (`[]`: the site space's first page). */
  rest: string[];
}

/**
 * The level and site space `segments` (decoded path segments after the site's base) lead to: a
 * first segment naming a section other than the default opens it, then one naming a site space
 * other than the level's default opens it; what is left is a page path. Null for a site with nothing to show.
 */
export function locate(levels: readonly ServedLevel[], segments: readonly string[]): Located | null {
  const prefix: string[] = [];
  let rest = [...segments];
  const level = levels.find((l) => !l.default && rest[0] === l.path) ?? levels.find((l) => l.default);
  if (!level) return null;
  if (!level.default) {
    prefix.push(rest[0]!);
    rest = rest.slice(1);
  }
  const siteSpace = level.siteSpaces.find((s) => !s.default && rest[0] === s.path) ?? level.siteSpaces.find((s) => s.default)!;
  if (!siteSpace.default) {
    prefix.push(rest[0]!);
    rest = rest.slice(1);
  }
  return { level, siteSpace, prefix, rest };
}

/** The URL path of `segments` under `base` (each segment encoded), `base` itself for none. */
export function joinUrl(base: string, segments: readonly string[]): string {
  return segments.length === 0 ? base : `${base}/${segments.map(encodeURIComponent).join('/')}`;
}

/** The URL path of a level's site space under the site's base. */
export function siteSpaceBase(siteBase: string, level: ServedLevel, siteSpace: ServedSiteSpace): string {
  return joinUrl(siteBase, [...(level.default ? [] : [level.path]), ...(siteSpace.default ? [] : [siteSpace.path])]);
}
