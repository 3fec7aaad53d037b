import { StructureItemRef } from './site.events';

/**
 * The structure of a site as plain JSON (the aggregate's state and the read model share it): site
 * spaces at the root level or in sections, sections at the top level or in groups, in order.
 */

/** A site space: a space shown on the site at the root level (`sectionId` null) or in a section. */
export type SiteSpaceEntry = {
  id: string;
  spaceId: string;
  sectionId: string | null;
  path: string;
  condition: string | null;
  default: boolean;
};

export type SectionEntry = {
  id: string;
  title: string;
  path: string;
  icon: string | null;
  description: string | null;
  condition: string | null;
  default: boolean;
};

export type GroupEntry = { id: string; title: string; icon: string | null; sectionIds: string[] };

/** An item of the top level: a section not in a group, or a group. */
export type TopItem = { type: 'site-section' | 'site-section-group'; id: string };

export type Structure = {
  /** In order within each level. */
  siteSpaces: SiteSpaceEntry[];
  sections: SectionEntry[];
  groups: GroupEntry[];
  top: TopItem[];
};

const levelOf = (entry: { sectionId: string | null }) => entry.sectionId ?? '';

/**
 * Exactly one default per level: a level whose default went gets its first site space as the
 * default; a second default (never written) loses it.
 */
export function withDefaults(siteSpaces: readonly SiteSpaceEntry[]): SiteSpaceEntry[] {
  const seen = new Set<string>();
  const hasDefault = new Set(siteSpaces.filter((s) => s.default).map(levelOf));
  return siteSpaces.map((entry) => {
    const level = levelOf(entry);
    const isDefault = !seen.has(level) && (entry.default || !hasDefault.has(level));
    if (isDefault) seen.add(level);
    return isDefault === entry.default ? entry : { ...entry, default: isDefault };
  });
}

/** The sections' ids in the order of the structure (the top level, a group's sections in its place). */
export function sectionOrder(s: Pick<Structure, 'top' | 'groups'>): string[] {
  return s.top.flatMap((item) => (item.type === 'site-section' ? [item.id] : (s.groups.find((g) => g.id === item.id)?.sectionIds ?? [])));
}

/** The sections in order, with exactly one default (the first, when the default went). */
export function withSectionDefaults(s: Structure): SectionEntry[] {
  const order = sectionOrder(s);
  const byId = new Map(s.sections.map((x) => [x.id, x]));
  const ordered = order.map((id) => byId.get(id)).filter((x): x is SectionEntry => x !== undefined);
  const chosen = ordered.find((x) => x.default) ?? ordered[0];
  return s.sections.map((x) => ((x.id === chosen?.id) === x.default ? x : { ...x, default: x.id === chosen?.id }));
}

export const groupOf = (s: Pick<Structure, 'groups'>, sectionId: string): GroupEntry | undefined =>
  s.groups.find((g) => g.sectionIds.includes(sectionId));

/** The structure without the section in any container (top level or group). */
export function unplaced<S extends Structure>(s: S, sectionId: string): S {
  return {
    ...s,
    top: s.top.filter((t) => !(t.type === 'site-section' && t.id === sectionId)),
    groups: s.groups.map((g) =>
      g.sectionIds.includes(sectionId) ? { ...g, sectionIds: g.sectionIds.filter((id) => id !== sectionId) } : g,
    ),
  };
}

function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  return [...list.slice(0, index), item, ...list.slice(index)];
}

const sameRef = (a: { type: string; id: string }, b: { type: string; id: string }) => a.type === b.type && a.id === b.id;

/** Moves `item` before or after `target` (a sibling the decider checked), or to the end of its own level. */
export function moved<S extends Structure>(
  s: S,
  item: StructureItemRef,
  target: StructureItemRef | null,
  place: 'before' | 'after' | 'end',
): S {
  const offset = place === 'after' ? 1 : 0;
  if (item.type === 'site-space') {
    const entry = s.siteSpaces.find((x) => x.id === item.id);
    if (!entry) return s;
    const rest = s.siteSpaces.filter((x) => x.id !== item.id);
    if (!target) return { ...s, siteSpaces: [...rest, entry] };
    const index = rest.findIndex((x) => x.id === target.id);
    return index < 0 ? s : { ...s, siteSpaces: insertAt(rest, index + offset, { ...entry, sectionId: rest[index]!.sectionId }) };
  }
  if (item.type === 'site-section-group') {
    const rest = s.top.filter((t) => !sameRef(t, item));
    if (rest.length === s.top.length) return s;
    if (!target) return { ...s, top: [...rest, { type: 'site-section-group', id: item.id }] };
    const index = rest.findIndex((t) => sameRef(t, target));
    return index < 0 ? s : { ...s, top: insertAt(rest, index + offset, { type: 'site-section-group', id: item.id }) };
  }
  const from = groupOf(s, item.id);
  const rest = unplaced(s, item.id);
  const into = target && target.type === 'site-section' ? groupOf(rest, target.id) : undefined;
  if (!target) {
    if (from) return { ...rest, groups: rest.groups.map((g) => (g.id === from.id ? { ...g, sectionIds: [...g.sectionIds, item.id] } : g)) };
    return { ...rest, top: [...rest.top, { type: 'site-section', id: item.id }] };
  }
  if (into) {
    const index = into.sectionIds.indexOf(target.id);
    return {
      ...rest,
      groups: rest.groups.map((g) => (g.id === into.id ? { ...g, sectionIds: insertAt(g.sectionIds, index + offset, item.id) } : g)),
    };
  }
  const index = rest.top.findIndex((t) => sameRef(t, target));
  return index < 0 ? s : { ...rest, top: insertAt(rest.top, index + offset, { type: 'site-section', id: item.id }) };
}
