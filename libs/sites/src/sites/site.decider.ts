import { Aggregate, conflict, forbidden, invalid, notFound, Recorded, Role, slugOf } from '@docs/kernel';
import { AgentsContext, SiteEvent, SiteSettings, SiteType, SiteVisibility, StructureItemRef, VisitorAuthChanges } from './site.events';
import { AdaptiveJsonSchema } from '../adaptive-content/adaptive-schema.domain';
import { decideCustomization, CustomizationCommand, evolveCustomization, withSiteSpaces } from '../customization/customization.decider';
import { CustomizationState, initialCustomization } from '../customization/customization.domain';
import { decideRedirect, REDIRECT_COMMANDS, RedirectCommand, RedirectFacts } from '../redirects/redirect.decider';
import {
  groupOf,
  moved,
  SectionEntry,
  SiteSpaceEntry,
  Structure,
  unplaced,
  withDefaults,
  withSectionDefaults,
} from './site-structure.domain';

export * from '../adaptive-content/adaptive-schema.domain';
export * from './site.events';
export * from './site-structure.domain';

import { SitePermissions, sitePermissions } from './sites.policy';

export * from './sites.policy';

export const SITE_TITLE = { min: 2, max: 128 };
export const GROUP_TITLE = { min: 1, max: 100 };
export const MAX_PATH = 100;
export const MAX_CONDITION = 1024;
export const MAX_ICON = 50;
export const MAX_DESCRIPTION = 256;

/**
 * A site, its settings and its structure. Plain JSON (arrays, in order), so the read model keeps
 * the same state and derives its documents with the same `applySiteEvent`.
 */
/** A share link: its secret key reaches a share-link site while the link is active. */
export type ShareLinkEntry = { id: string; name: string; key: string; active: boolean; createdAt: string };

export const MAX_SHARE_LINK_NAME = 50;

/** The adaptive schema of a site, as PUT, and when. */
export type AdaptiveSchemaEntry = { jsonSchema: AdaptiveJsonSchema; updatedAt: string };

/** A site's visitor-auth settings (GitBook's SitePublishingAuth, custom backend): the JWT signing key and the login URL. */
export type VisitorAuthEntry = { privateKey: string; fallbackURL: string | null; logoutURL?: string | null; updatedAt: string };

export const VISITOR_KEY = { min: 32, max: 256 };
/** Why a visitor-auth read or key regeneration is 404 on a site that has none. */
export const NO_VISITOR_AUTH = 'the site has no visitor authentication: PATCH it first';
export const MAX_FALLBACK_URL = 2048;

export type SiteState = Structure & {
  shareLinks: ShareLinkEntry[];
  /** Null until a key is set (documents folded before it existed lack it: read with `?? null`). */
  visitorAuth?: VisitorAuthEntry | null;
  /** Null until one is PUT. */
  adaptiveSchema: AdaptiveSchemaEntry | null;
  /** Its customization and its site spaces' overrides (absent in documents written before them: initialCustomization). */
  customization?: CustomizationState;
  status: 'none' | 'live' | 'deleted';
  siteId: string;
  organizationId: string;
  type: SiteType;
  settings: SiteSettings;
  published: boolean;
  createdAt: string;
  updatedAt: string;
};

/** A space as a decision needs it: its title (for a path), or null when the caller cannot see it in the site's organization. */
export type SpaceFact = { title: string } | null;

/** The fields whose syntax the application checks with libraries the domain does not import. */
export type CheckedField = 'condition' | 'jsonSchema';

/**
 * What a decision needs from outside the stream: the caller and their organization role, the
 * organization of the request (a site of another one is not found there), the spaces the command
 * names, the site spaces the read model dropped because their space went (content's events),
 * what the application's checkers found wrong with the command's condition expression (jsep and
 * the condition grammar) or adaptive schema (ajv): the reason, by field; absent when nothing;
 * and whether the hostname an UpdateSite names is another site's, or its basename another site's
 * of the same organization (the read model's answer).
 */
export type SiteFacts = {
  actor: string;
  organizationId: string;
  role: Role | null;
  spaces: ReadonlyMap<string, SpaceFact>;
  dropped: readonly string[];
  rejected: ReadonlyMap<CheckedField, string>;
  taken?: { hostname: boolean; basename: boolean };
  /** For redirect commands: what the read model holds about the redirects the command touches. */
  redirects?: RedirectFacts;
};

/** Where to move an item: before or after a sibling (at most one), or, with neither, to the end of its level. */
export type MovePosition = { before?: StructureItemRef; after?: StructureItemRef };

export type SectionChanges = {
  title?: string;
  path?: string;
  icon?: string | null;
  description?: string | null;
  condition?: string | null;
};

export type SiteCommand =
  | {
      type: 'CreateSite';
      siteId: string;
      siteType: SiteType;
      title: string;
      visibility: SiteVisibility;
      spaces: { siteSpaceId: string; spaceId: string }[];
    }
  | { type: 'UpdateSite'; changes: Partial<SiteSettings>; defaultSiteSpace?: string; defaultSiteSection?: string }
  | { type: 'PublishSite' }
  | { type: 'UnpublishSite' }
  | { type: 'DeleteSite' }
  | { type: 'AddSpaceToSite'; siteSpaceId: string; spaceId: string; sectionId?: string }
  | { type: 'UpdateSiteSpace'; siteSpaceId: string; path?: string; condition?: string | null; spaceId?: string }
  | { type: 'DeleteSiteSpace'; siteSpaceId: string }
  | {
      type: 'AddSectionToSite';
      sectionId: string;
      siteSpaceId: string;
      spaceId: string;
      title?: string | null;
      icon?: string | null;
      /** The section group to put it in, at its end. */
      groupId?: string;
    }
  | ({ type: 'UpdateSiteSection'; sectionId: string; defaultSiteSpace?: string } & SectionChanges)
  | { type: 'DeleteSiteSection'; sectionId: string }
  | { type: 'AddSectionGroupToSite'; groupId: string; title: string; icon?: string | null; sectionIds: string[] }
  | { type: 'UpdateSiteSectionGroup'; groupId: string; title?: string; icon?: string | null }
  | { type: 'DeleteSiteSectionGroup'; groupId: string }
  | { type: 'AddSectionToGroup'; groupId: string; sectionId: string }
  | { type: 'RemoveSectionFromGroup'; groupId: string; sectionId: string }
  | { type: 'MoveSiteStructureItem'; item: StructureItemRef; position: MovePosition }
  | { type: 'CreateSiteShareLink'; shareLinkId: string; name: string; key: string }
  | { type: 'UpdateSiteShareLink'; shareLinkId: string; name?: string; active?: boolean }
  | { type: 'DeleteSiteShareLink'; shareLinkId: string }
  | { type: 'UpdateSiteAdaptiveSchema'; jsonSchema: AdaptiveJsonSchema }
  | CustomizationCommand
  | RedirectCommand
  | ({ type: 'UpdateSiteVisitorAuth'; generatedKey: string } & VisitorAuthChanges)
  | { type: 'RegenerateSiteVisitorAuthKey'; generatedKey: string };

const DEFAULT_SETTINGS: SiteSettings = {
  title: '',
  visibility: 'public',
  basename: null,
  hostname: null,
  proxy: null,
  adaptiveContent: false,
  agentsContext: 'included' as AgentsContext,
};

/** What a site holds besides its settings: nothing, before it is created and once deleted. */
const nothingHeld = () => ({
  siteSpaces: [],
  sections: [],
  groups: [],
  top: [],
  shareLinks: [],
  adaptiveSchema: null,
  visitorAuth: null,
  customization: initialCustomization(),
});

export function initialSiteState(): SiteState {
  return {
    status: 'none',
    siteId: '',
    organizationId: '',
    type: 'basic',
    settings: DEFAULT_SETTINGS,
    published: false,
    createdAt: '',
    updatedAt: '',
    ...nothingHeld(),
  };
}

/** Site spaces moved to the end of a level, in the order given. */
function movedTo(siteSpaces: readonly SiteSpaceEntry[], ids: readonly string[], sectionId: string | null): SiteSpaceEntry[] {
  const moving = ids.map((id) => siteSpaces.find((s) => s.id === id)).filter((s): s is SiteSpaceEntry => s !== undefined);
  return [...siteSpaces.filter((s) => !ids.includes(s.id)), ...moving.map((s) => ({ ...s, sectionId }))];
}

function evolveStructure(state: SiteState, event: SiteEvent, at: string): SiteState {
  switch (event.type) {
    case 'SiteCreated': {
      const { siteId, organizationId, type, title, visibility } = event.data;
      return { ...initialSiteState(), status: 'live', siteId, organizationId, type, settings: { ...DEFAULT_SETTINGS, title, visibility } };
    }
    case 'SiteUpdated':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'SitePublished':
      return { ...state, published: true };
    case 'SiteUnpublished':
      return { ...state, published: false };
    case 'SiteDeleted':
      // A deleted site keeps its ids and settings; what it held goes.
      return { ...state, status: 'deleted', ...nothingHeld() };
    case 'SiteSpaceAdded': {
      const { siteSpaceId, spaceId, sectionId, path } = event.data;
      if (state.siteSpaces.some((s) => s.id === siteSpaceId)) return state;
      return {
        ...state,
        siteSpaces: [...state.siteSpaces, { id: siteSpaceId, spaceId, sectionId, path, condition: null, default: false }],
      };
    }
    case 'SiteSpaceUpdated': {
      const { siteSpaceId, changes } = event.data;
      return { ...state, siteSpaces: state.siteSpaces.map((s) => (s.id === siteSpaceId ? { ...s, ...changes } : s)) };
    }
    case 'SiteSpaceRemoved':
      return { ...state, siteSpaces: state.siteSpaces.filter((s) => s.id !== event.data.siteSpaceId) };
    case 'SiteSpacesDetached': {
      const gone = new Set(event.data.siteSpaceIds);
      return { ...state, siteSpaces: state.siteSpaces.filter((s) => !gone.has(s.id)) };
    }
    case 'SiteDefaultSiteSpaceSet': {
      const target = state.siteSpaces.find((s) => s.id === event.data.siteSpaceId);
      if (!target) return state;
      return {
        ...state,
        siteSpaces: state.siteSpaces.map((s) => (s.sectionId !== target.sectionId ? s : { ...s, default: s.id === target.id })),
      };
    }
    case 'SiteSpacesMoved':
      return { ...state, siteSpaces: movedTo(state.siteSpaces, event.data.siteSpaceIds, event.data.sectionId) };
    case 'SiteSectionAdded': {
      const { sectionId, title, path, icon, groupId } = event.data;
      if (state.sections.some((s) => s.id === sectionId)) return state;
      const section: SectionEntry = { id: sectionId, title, path, icon, description: null, condition: null, default: false };
      const group = groupId === null ? undefined : state.groups.find((g) => g.id === groupId);
      return {
        ...state,
        sections: [...state.sections, section],
        ...(group
          ? { groups: state.groups.map((g) => (g.id === group.id ? { ...g, sectionIds: [...g.sectionIds, sectionId] } : g)) }
          : { top: [...state.top, { type: 'site-section' as const, id: sectionId }] }),
      };
    }
    case 'SiteSectionUpdated': {
      const { sectionId, changes } = event.data;
      return { ...state, sections: state.sections.map((s) => (s.id === sectionId ? { ...s, ...changes } : s)) };
    }
    case 'SiteSectionRemoved': {
      const { sectionId } = event.data;
      const rest = unplaced(state, sectionId);
      return {
        ...rest,
        sections: rest.sections.filter((s) => s.id !== sectionId),
        siteSpaces: rest.siteSpaces.filter((s) => s.sectionId !== sectionId),
      };
    }
    case 'SiteDefaultSectionSet':
      return state.sections.some((s) => s.id === event.data.sectionId)
        ? { ...state, sections: state.sections.map((s) => ({ ...s, default: s.id === event.data.sectionId })) }
        : state;
    case 'SiteSectionGroupAdded': {
      const { groupId, title, icon, sectionIds } = event.data;
      if (state.groups.some((g) => g.id === groupId)) return state;
      const rest = sectionIds.reduce((s, id) => unplaced(s, id), state as Structure);
      return {
        ...state,
        ...rest,
        groups: [...rest.groups, { id: groupId, title, icon, sectionIds }],
        top: [...rest.top, { type: 'site-section-group', id: groupId }],
      };
    }
    case 'SiteSectionGroupUpdated': {
      const { groupId, changes } = event.data;
      return { ...state, groups: state.groups.map((g) => (g.id === groupId ? { ...g, ...changes } : g)) };
    }
    case 'SiteSectionGroupRemoved': {
      const group = state.groups.find((g) => g.id === event.data.groupId);
      if (!group) return state;
      const top = state.top.flatMap((t) =>
        t.type === 'site-section-group' && t.id === group.id ? group.sectionIds.map((id) => ({ type: 'site-section' as const, id })) : [t],
      );
      return { ...state, top, groups: state.groups.filter((g) => g.id !== group.id) };
    }
    case 'SiteSectionGrouped': {
      const { groupId, sectionId } = event.data;
      if (!state.groups.some((g) => g.id === groupId)) return state;
      const rest = unplaced(state, sectionId);
      return {
        ...state,
        ...rest,
        groups: rest.groups.map((g) => (g.id === groupId ? { ...g, sectionIds: [...g.sectionIds, sectionId] } : g)),
      };
    }
    case 'SiteSectionUngrouped': {
      const { groupId, sectionId } = event.data;
      const rest = unplaced(state, sectionId);
      const index = rest.top.findIndex((t) => t.type === 'site-section-group' && t.id === groupId);
      const top = [...rest.top.slice(0, index + 1), { type: 'site-section' as const, id: sectionId }, ...rest.top.slice(index + 1)];
      return { ...state, ...rest, top };
    }
    case 'SiteStructureItemMoved':
      return { ...state, ...moved(state, event.data.item, event.data.target, event.data.place) };
    case 'SiteShareLinkCreated': {
      const { shareLinkId, name, key } = event.data;
      if (state.shareLinks.some((l) => l.id === shareLinkId)) return state;
      return { ...state, shareLinks: [...state.shareLinks, { id: shareLinkId, name, key, active: true, createdAt: at }] };
    }
    case 'SiteShareLinkUpdated':
      return { ...state, shareLinks: state.shareLinks.map((l) => (l.id === event.data.shareLinkId ? { ...l, ...event.data.changes } : l)) };
    case 'SiteShareLinkDeleted':
      return { ...state, shareLinks: state.shareLinks.filter((l) => l.id !== event.data.shareLinkId) };
    case 'SiteAdaptiveSchemaUpdated':
      return { ...state, adaptiveSchema: { jsonSchema: event.data.jsonSchema, updatedAt: at } };
    case 'SiteCustomizationUpdated':
    case 'SiteSpaceCustomizationOverridden':
    case 'SiteSpaceCustomizationRemoved':
      return { ...state, customization: evolveCustomization(state.customization ?? initialCustomization(), event, at) };
    case 'SiteRedirectCreated':
    case 'SiteRedirectUpdated':
    case 'SiteRedirectDeleted':
      return state;
    case 'SiteVisitorAuthUpdated': {
      const current = state.visitorAuth ?? { privateKey: '', fallbackURL: null };
      return { ...state, visitorAuth: { ...current, ...event.data.changes, updatedAt: at } };
    }
    case 'SiteVisitorAuthKeyRegenerated': {
      const current = state.visitorAuth ?? { privateKey: '', fallbackURL: null };
      return { ...state, visitorAuth: { ...current, privateKey: event.data.privateKey, updatedAt: at } };
    }
  }
}

/** Folds one event (with when it happened) into the state; unknown items are ignored. Defaults are kept one per level after every event. */
export function applySiteEvent(state: SiteState, event: SiteEvent, at: string): SiteState {
  // Redirects live in their own read model (redirects.projection.ts): the site's state does not hold them.
  if (event.type === 'SiteRedirectCreated' || event.type === 'SiteRedirectUpdated' || event.type === 'SiteRedirectDeleted') return state;
  const next = evolveStructure(state, event, at);
  return {
    ...next,
    customization: withSiteSpaces(next.customization ?? initialCustomization(), next.siteSpaces),
    siteSpaces: withDefaults(next.siteSpaces),
    sections: withSectionDefaults(next),
    ...(event.type === 'SiteCreated' ? { createdAt: at } : {}),
    updatedAt: at,
  };
}

export const evolveSite = (state: SiteState, event: Recorded<SiteEvent>): SiteState =>
  applySiteEvent(state, event, event.metadata.occurredAt);

/** A path for a title (the kernel's slug, at most MAX_PATH); `fallback` when nothing is left. */
export const pathOf = (title: string, fallback = 'space'): string => slugOf(title, { max: MAX_PATH, fallback });

/** `wanted`, or `wanted-2`, `wanted-3`... the first one not taken (within MAX_PATH). */
function freePath(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${wanted.slice(0, MAX_PATH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const pathsAt = (siteSpaces: readonly SiteSpaceEntry[], sectionId: string | null, except?: string) =>
  new Set(siteSpaces.filter((s) => s.sectionId === sectionId && s.id !== except).map((s) => s.path));

const sectionPaths = (state: SiteState, except?: string) => new Set(state.sections.filter((s) => s.id !== except).map((s) => s.path));

/** Refuses the command unless the sites policy grants the caller's role `permission`. */
function requireManager(facts: SiteFacts, action: string, permission: keyof SitePermissions = 'edit'): void {
  if (!sitePermissions(facts.role)[permission]) throw forbidden(`${action} needs the admin or create role in the organization`);
}

function spaceOf(facts: SiteFacts, spaceId: string, field: string): { title: string } {
  const space = facts.spaces.get(spaceId);
  if (!space) throw invalid(`${field}: no space ${spaceId} in the organization`);
  return space;
}

function validText(value: string, field: string, { min, max }: { min: number; max: number }): string {
  if (value.trim().length === 0) throw invalid(`${field} must not be blank`);
  if (value.length < min || value.length > max) throw invalid(`${field} must be ${min} to ${max} characters`);
  return value;
}

function validPath(path: string): string {
  validText(path, 'path', { min: 1, max: MAX_PATH });
  if (path.includes('/')) throw invalid('path must not contain /');
  return path;
}

/** A URL field of the visitor-auth settings: http or https, at most MAX_URL characters; null unsets it. */
function validAuthUrl(url: string | null, field: string): string | null {
  if (url !== null && (url.length > MAX_FALLBACK_URL || !/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)))
    throw invalid(`${field} must be an http or https URL of at most ${MAX_FALLBACK_URL} characters`);
  return url;
}

/**
 * What changes in the visitor-auth settings: a key of VISITOR_KEY characters (the command's `generatedKey`
 * when none is given and the site has none yet, as GitBook generates one), the fallback and logout URLs
 * (null unsets them). The same values again record nothing.
 */
function visitorAuthChanges(
  state: SiteState,
  command: VisitorAuthChanges & { generatedKey: string },
  ids: { siteId: string; organizationId: string },
): SiteEvent[] {
  const current = state.visitorAuth ?? null;
  const changes: VisitorAuthChanges = {};
  if (command.privateKey !== undefined) {
    const { min, max } = VISITOR_KEY;
    if (command.privateKey.length < min || command.privateKey.length > max) throw invalid(`privateKey must be ${min} to ${max} characters`);
    if (command.privateKey !== current?.privateKey) changes.privateKey = command.privateKey;
  } else if (current === null) changes.privateKey = command.generatedKey;
  for (const field of ['fallbackURL', 'logoutURL'] as const) {
    const url = command[field];
    if (url !== undefined && validAuthUrl(url, field) !== (current?.[field] ?? null)) changes[field] = url;
  }
  return Object.keys(changes).length > 0 ? [{ type: 'SiteVisitorAuthUpdated', data: { ...ids, changes } }] : [];
}

/** A condition (null: none) of 1 to MAX_CONDITION characters that the condition grammar accepts (the application's check, in the facts). */
function validCondition(condition: string | null, facts: SiteFacts): string | null {
  if (condition === null) return null;
  validText(condition, 'condition', { min: 1, max: MAX_CONDITION });
  checked(facts, 'condition');
  return condition;
}

/** Refuses the field when the application's checker found it wrong: 400 naming the field and the reason. */
function checked(facts: SiteFacts, field: CheckedField): void {
  const reason = facts.rejected.get(field);
  if (reason !== undefined) throw invalid(`${field}: ${reason}`);
}

/** JSON text with object keys sorted: two schemas are the same when they say the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requireSiteSpace(state: SiteState, siteSpaceId: string): SiteSpaceEntry {
  const entry = state.siteSpaces.find((s) => s.id === siteSpaceId);
  if (!entry) throw notFound('site space not found');
  return entry;
}

function requireSection(state: SiteState, sectionId: string, field?: string): SectionEntry {
  const section = state.sections.find((s) => s.id === sectionId);
  if (!section) throw field ? invalid(`${field}: no section ${sectionId} in the site`) : notFound('site section not found');
  return section;
}

function requireGroup(state: SiteState, groupId: string) {
  const group = state.groups.find((g) => g.id === groupId);
  if (!group) throw notFound('site section group not found');
  return group;
}

/** The level new site spaces go to by default: the default section, or the root level when the site has no sections. */
const defaultLevel = (state: SiteState): string | null => state.sections.find((s) => s.default)?.id ?? null;

/** The changes that differ from the current values. */
function changed<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[])
    if (changes[key] !== undefined && changes[key] !== current[key]) out[key] = changes[key];
  return out;
}

/** Checks a move (the item exists, the target is a sibling it may stand next to) and returns the event's target and place. */
function decideMove(
  state: SiteState,
  item: StructureItemRef,
  position: MovePosition,
): { target: StructureItemRef | null; place: 'before' | 'after' | 'end' } {
  const exists = (ref: StructureItemRef) =>
    ref.type === 'site-space'
      ? state.siteSpaces.some((s) => s.id === ref.id)
      : ref.type === 'site-section'
        ? state.sections.some((s) => s.id === ref.id)
        : state.groups.some((g) => g.id === ref.id);
  if (!exists(item)) throw notFound(`${item.type.replace(/-/g, ' ')} not found`);
  if (position.before && position.after) throw invalid('position takes before or after, not both');
  const place = position.before ? 'before' : position.after ? 'after' : 'end';
  const target = position.before ?? position.after ?? null;
  if (!target) return { target: null, place };
  const field = `position.${place}`;
  if (!exists(target)) throw invalid(`${field}: no ${target.type} ${target.id} in the site`);
  if (target.type === item.type && target.id === item.id) throw invalid(`${field}: an item cannot move next to itself`);
  const sibling =
    item.type === 'site-space'
      ? target.type === 'site-space' &&
        state.siteSpaces.find((s) => s.id === target.id)!.sectionId === state.siteSpaces.find((s) => s.id === item.id)!.sectionId
      : item.type === 'site-section'
        ? target.type === 'site-section' || target.type === 'site-section-group'
        : target.type === 'site-section-group' || (target.type === 'site-section' && !groupOf(state, target.id));
  if (!sibling) throw invalid(`${field}: the ${target.type} ${target.id} is not at the level of the ${item.type} ${item.id}`);
  return { target, place };
}

type Ids = { siteId: string; organizationId: string };

function decideSections(state: SiteState, command: SiteCommand, facts: SiteFacts, ids: Ids): SiteEvent[] | null {
  switch (command.type) {
    case 'AddSectionToSite': {
      requireManager(facts, 'adding a section to a site');
      const space = spaceOf(facts, command.spaceId, 'spaceId');
      const title =
        command.title != null
          ? validText(command.title, 'title', SITE_TITLE)
          : space.title.length >= SITE_TITLE.min
            ? space.title
            : 'Section';
      if (command.icon != null) validText(command.icon, 'icon', { min: 1, max: MAX_ICON });
      const group = command.groupId === undefined ? null : requireGroup(state, command.groupId);
      const path = freePath(pathOf(title, 'section'), sectionPaths(state));
      const events: SiteEvent[] = [
        {
          type: 'SiteSectionAdded',
          data: { ...ids, sectionId: command.sectionId, title, path, icon: command.icon ?? null, groupId: null },
        },
      ];
      // The first section takes the root site spaces; the space it names joins them unless one of them shows it already.
      // The root default stays the default; the new site space comes first.
      const root = state.sections.length === 0 ? state.siteSpaces.filter((s) => s.sectionId === null) : [];
      if (root.length > 0)
        events.push({ type: 'SiteSpacesMoved', data: { ...ids, siteSpaceIds: root.map((s) => s.id), sectionId: command.sectionId } });
      if (!root.some((s) => s.spaceId === command.spaceId)) {
        const spacePath = freePath(pathOf(space.title), new Set(root.map((s) => s.path)));
        events.push({
          type: 'SiteSpaceAdded',
          data: { ...ids, siteSpaceId: command.siteSpaceId, spaceId: command.spaceId, sectionId: command.sectionId, path: spacePath },
        });
        if (root.length > 0) {
          const item = { type: 'site-space' as const, id: command.siteSpaceId };
          events.push({
            type: 'SiteStructureItemMoved',
            data: { ...ids, item, target: { type: 'site-space', id: root[0]!.id }, place: 'before' },
          });
        }
      }
      if (group) events.push({ type: 'SiteSectionGrouped', data: { ...ids, groupId: group.id, sectionId: command.sectionId } });
      return events;
    }
    case 'UpdateSiteSection': {
      requireManager(facts, 'changing a section');
      const section = requireSection(state, command.sectionId);
      const wanted: SectionChanges = {};
      if (command.title !== undefined) wanted.title = validText(command.title, 'title', SITE_TITLE);
      if (command.path !== undefined) {
        wanted.path = validPath(command.path);
        if (command.path !== section.path && sectionPaths(state, section.id).has(command.path))
          throw conflict(`path: another section of the site has the path ${command.path}`);
      }
      if (command.icon !== undefined)
        wanted.icon = command.icon === null ? null : validText(command.icon, 'icon', { min: 1, max: MAX_ICON });
      if (command.description !== undefined) {
        if (command.description !== null && command.description.length > MAX_DESCRIPTION)
          throw invalid(`description must be at most ${MAX_DESCRIPTION} characters`);
        wanted.description = command.description;
      }
      if (command.condition !== undefined) wanted.condition = validCondition(command.condition, facts);
      const changes = changed(section, wanted);
      const events: SiteEvent[] =
        Object.keys(changes).length > 0 ? [{ type: 'SiteSectionUpdated', data: { ...ids, sectionId: section.id, changes } }] : [];
      if (command.defaultSiteSpace !== undefined) {
        const entry = state.siteSpaces.find((s) => s.id === command.defaultSiteSpace && s.sectionId === section.id);
        if (!entry) throw invalid(`defaultSiteSpace: no site space ${command.defaultSiteSpace} in the section`);
        if (!entry.default) events.push({ type: 'SiteDefaultSiteSpaceSet', data: { ...ids, siteSpaceId: entry.id } });
      }
      return events;
    }
    case 'DeleteSiteSection': {
      requireManager(facts, 'deleting a section');
      const section = requireSection(state, command.sectionId);
      const inside = state.siteSpaces.filter((s) => s.sectionId === section.id).map((s) => s.id);
      // The last section gives its site spaces back to the root level.
      if (state.sections.length === 1) {
        return [
          ...(inside.length > 0 ? [{ type: 'SiteSpacesMoved' as const, data: { ...ids, siteSpaceIds: inside, sectionId: null } }] : []),
          { type: 'SiteSectionRemoved', data: { ...ids, sectionId: section.id, siteSpaceIds: [] } },
        ];
      }
      return [{ type: 'SiteSectionRemoved', data: { ...ids, sectionId: section.id, siteSpaceIds: inside } }];
    }
    case 'AddSectionGroupToSite': {
      requireManager(facts, 'adding a section group to a site');
      const title = validText(command.title, 'title', GROUP_TITLE);
      if (command.icon != null) validText(command.icon, 'icon', { min: 1, max: MAX_ICON });
      command.sectionIds.forEach((id, i) => {
        requireSection(state, id, `sections[${i}]`);
        if (command.sectionIds.indexOf(id) !== i) throw invalid(`sections[${i}]: the section ${id} is named twice`);
      });
      return [
        {
          type: 'SiteSectionGroupAdded',
          data: { ...ids, groupId: command.groupId, title, icon: command.icon ?? null, sectionIds: command.sectionIds },
        },
      ];
    }
    case 'UpdateSiteSectionGroup': {
      requireManager(facts, 'changing a section group');
      const group = requireGroup(state, command.groupId);
      const wanted: { title?: string; icon?: string | null } = {};
      if (command.title !== undefined) wanted.title = validText(command.title, 'title', GROUP_TITLE);
      if (command.icon !== undefined)
        wanted.icon = command.icon === null ? null : validText(command.icon, 'icon', { min: 1, max: MAX_ICON });
      const changes = changed(group, wanted);
      return Object.keys(changes).length > 0 ? [{ type: 'SiteSectionGroupUpdated', data: { ...ids, groupId: group.id, changes } }] : [];
    }
    case 'DeleteSiteSectionGroup':
      requireManager(facts, 'deleting a section group');
      requireGroup(state, command.groupId);
      return [{ type: 'SiteSectionGroupRemoved', data: { ...ids, groupId: command.groupId } }];
    case 'AddSectionToGroup': {
      requireManager(facts, 'adding a section to a group');
      const group = requireGroup(state, command.groupId);
      requireSection(state, command.sectionId, 'sectionId');
      return group.sectionIds.includes(command.sectionId)
        ? []
        : [{ type: 'SiteSectionGrouped', data: { ...ids, groupId: group.id, sectionId: command.sectionId } }];
    }
    case 'RemoveSectionFromGroup': {
      requireManager(facts, 'removing a section from a group');
      const group = requireGroup(state, command.groupId);
      if (!group.sectionIds.includes(command.sectionId)) throw notFound('site section not found in the group');
      return [{ type: 'SiteSectionUngrouped', data: { ...ids, groupId: group.id, sectionId: command.sectionId } }];
    }
    case 'CreateSiteShareLink':
      requireManager(facts, 'creating a share link');
      if (state.shareLinks.some((l) => l.id === command.shareLinkId)) throw conflict('share link already exists');
      if (command.name.length > MAX_SHARE_LINK_NAME) throw invalid(`name must be at most ${MAX_SHARE_LINK_NAME} characters`);
      return [{ type: 'SiteShareLinkCreated', data: { ...ids, shareLinkId: command.shareLinkId, name: command.name, key: command.key } }];
    case 'UpdateSiteShareLink': {
      requireManager(facts, 'changing a share link');
      const link = state.shareLinks.find((l) => l.id === command.shareLinkId);
      if (!link) throw notFound('share link not found');
      if (command.name !== undefined && command.name.length > MAX_SHARE_LINK_NAME)
        throw invalid(`name must be at most ${MAX_SHARE_LINK_NAME} characters`);
      const changes = changed(link, {
        ...(command.name !== undefined ? { name: command.name } : {}),
        ...(command.active !== undefined ? { active: command.active } : {}),
      });
      return Object.keys(changes).length > 0 ? [{ type: 'SiteShareLinkUpdated', data: { ...ids, shareLinkId: link.id, changes } }] : [];
    }
    case 'DeleteSiteShareLink':
      requireManager(facts, 'deleting a share link');
      if (!state.shareLinks.some((l) => l.id === command.shareLinkId)) throw notFound('share link not found');
      return [{ type: 'SiteShareLinkDeleted', data: { ...ids, shareLinkId: command.shareLinkId } }];
    case 'MoveSiteStructureItem': {
      requireManager(facts, 'moving an item of a site');
      const { target, place } = decideMove(state, command.item, command.position);
      return [{ type: 'SiteStructureItemMoved', data: { ...ids, item: command.item, target, place } }];
    }
    default:
      return null;
  }
}

/** The commands of a live site, decided on the state after the dropped site spaces left. */
function decideLive(state: SiteState, command: Exclude<SiteCommand, { type: 'CreateSite' }>, facts: SiteFacts): SiteEvent[] {
  const ids = { siteId: state.siteId, organizationId: state.organizationId };
  const structural = decideSections(state, command, facts, ids);
  if (structural) return structural;
  switch (command.type) {
    case 'UpdateSite': {
      requireManager(facts, 'changing a site');
      if (command.changes.title !== undefined) validText(command.changes.title, 'title', SITE_TITLE);
      const events: SiteEvent[] = [];
      const changes = changed(state.settings, command.changes);
      if (changes.hostname != null && facts.taken?.hostname)
        throw conflict(`hostname: ${changes.hostname} is already the hostname of another site`);
      if (changes.basename != null && facts.taken?.basename)
        throw conflict(`basename: another site of the organization has the basename ${changes.basename}`);
      if (Object.keys(changes).length > 0) events.push({ type: 'SiteUpdated', data: { ...ids, changes } });
      let level = defaultLevel(state);
      if (command.defaultSiteSection !== undefined) {
        const section = requireSection(state, command.defaultSiteSection, 'defaultSiteSection');
        if (!section.default) events.push({ type: 'SiteDefaultSectionSet', data: { ...ids, sectionId: section.id } });
        level = section.id;
      }
      if (command.defaultSiteSpace !== undefined) {
        const entry = state.siteSpaces.find((s) => s.id === command.defaultSiteSpace && s.sectionId === level);
        const where = level === null ? 'at the root level of the site' : 'in the default section of the site';
        if (!entry) throw invalid(`defaultSiteSpace: no site space ${command.defaultSiteSpace} ${where}`);
        if (!entry.default) events.push({ type: 'SiteDefaultSiteSpaceSet', data: { ...ids, siteSpaceId: entry.id } });
      }
      return events;
    }
    case 'PublishSite':
      requireManager(facts, 'publishing a site');
      return state.published ? [] : [{ type: 'SitePublished', data: ids }];
    case 'UnpublishSite':
      requireManager(facts, 'unpublishing a site');
      return state.published ? [{ type: 'SiteUnpublished', data: ids }] : [];
    case 'DeleteSite':
      requireManager(facts, 'deleting a site');
      return [{ type: 'SiteDeleted', data: ids }];
    case 'UpdateSiteAdaptiveSchema': {
      requireManager(facts, 'changing the adaptive schema of a site', 'editAdaptiveSchema');
      checked(facts, 'jsonSchema');
      const current = state.adaptiveSchema;
      if (current !== null && canonical(current.jsonSchema) === canonical(command.jsonSchema)) return [];
      return [{ type: 'SiteAdaptiveSchemaUpdated', data: { ...ids, jsonSchema: command.jsonSchema } }];
    }
    case 'UpdateSiteCustomization':
    case 'OverrideSiteSpaceCustomization':
    case 'DeleteSiteSpaceCustomization':
      requireManager(facts, 'customizing a site');
      if (command.type !== 'UpdateSiteCustomization') requireSiteSpace(state, command.siteSpaceId);
      return decideCustomization(state.customization ?? initialCustomization(), command, ids);
    case 'CreateSiteRedirect':
    case 'UpdateSiteRedirect':
    case 'DeleteSiteRedirect':
    case 'UpsertSiteRedirect':
    case 'PublishSiteRedirect':
      requireManager(facts, 'changing the redirects of a site');
      if (!facts.redirects || !REDIRECT_COMMANDS.has(command.type)) throw notFound('site not found');
      return decideRedirect(state, command, facts.redirects, ids);
    case 'UpdateSiteVisitorAuth':
      requireManager(facts, 'changing the visitor authentication of a site');
      return visitorAuthChanges(state, command, ids);
    case 'RegenerateSiteVisitorAuthKey':
      requireManager(facts, 'regenerating the visitor authentication key of a site');
      if (!state.visitorAuth) throw notFound(NO_VISITOR_AUTH);
      return [{ type: 'SiteVisitorAuthKeyRegenerated', data: { ...ids, privateKey: command.generatedKey } }];
    case 'AddSpaceToSite': {
      requireManager(facts, 'adding a space to a site');
      const space = spaceOf(facts, command.spaceId, 'spaceId');
      const sectionId = command.sectionId !== undefined ? requireSection(state, command.sectionId, 'sectionId').id : defaultLevel(state);
      const path = freePath(pathOf(space.title), pathsAt(state.siteSpaces, sectionId));
      return [{ type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: command.siteSpaceId, spaceId: command.spaceId, sectionId, path } }];
    }
    case 'UpdateSiteSpace': {
      requireManager(facts, 'changing a site space');
      const entry = requireSiteSpace(state, command.siteSpaceId);
      const changes: { path?: string; condition?: string | null; spaceId?: string } = {};
      if (command.path !== undefined && validPath(command.path) !== entry.path) {
        if (pathsAt(state.siteSpaces, entry.sectionId, entry.id).has(command.path))
          throw conflict(`path: another site space at this level has the path ${command.path}`);
        changes.path = command.path;
      }
      if (command.condition !== undefined && validCondition(command.condition, facts) !== entry.condition)
        changes.condition = command.condition;
      if (command.spaceId !== undefined && command.spaceId !== entry.spaceId) {
        spaceOf(facts, command.spaceId, 'spaceId');
        changes.spaceId = command.spaceId;
      }
      return Object.keys(changes).length === 0 ? [] : [{ type: 'SiteSpaceUpdated', data: { ...ids, siteSpaceId: entry.id, changes } }];
    }
    case 'DeleteSiteSpace': {
      requireManager(facts, 'removing a space from a site');
      const entry = requireSiteSpace(state, command.siteSpaceId);
      if (entry.sectionId !== null && !state.siteSpaces.some((s) => s.sectionId === entry.sectionId && s.id !== entry.id)) {
        throw invalid('a section keeps at least one site space: delete the section instead');
      }
      return [{ type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: command.siteSpaceId } }];
    }
    default:
      throw new Error(`unhandled site command ${command.type}`);
  }
}

/**
 * Managers (organization admins and creators) do everything; anyone else is refused. A site of
 * another organization, or deleted, is not found. Site spaces the read model dropped because their
 * space went are first recorded as detached, then the command is decided without them.
 */
export function decideSite(state: SiteState, command: SiteCommand, facts: SiteFacts): SiteEvent[] {
  if (command.type === 'CreateSite') {
    requireManager(facts, 'creating a site', 'create');
    if (state.status !== 'none') throw conflict('site already exists');
    const seen = new Set<string>();
    command.spaces.forEach(({ spaceId }, i) => {
      if (seen.has(spaceId)) throw invalid(`spaces[${i}]: the space ${spaceId} is named twice`);
      seen.add(spaceId);
      spaceOf(facts, spaceId, `spaces[${i}]`);
    });
    const ids = { siteId: command.siteId, organizationId: facts.organizationId };
    const events: SiteEvent[] = [
      {
        type: 'SiteCreated',
        data: { ...ids, type: command.siteType, title: validText(command.title, 'title', SITE_TITLE), visibility: command.visibility },
      },
    ];
    const taken = new Set<string>();
    for (const { siteSpaceId, spaceId } of command.spaces) {
      const path = freePath(pathOf(spaceOf(facts, spaceId, 'spaces').title), taken);
      taken.add(path);
      events.push({ type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId, spaceId, sectionId: null, path } });
    }
    return events;
  }
  if (state.status !== 'live' || state.organizationId !== facts.organizationId) throw notFound('site not found');
  const gone = state.siteSpaces.filter((s) => facts.dropped.includes(s.id)).map((s) => s.id);
  const detached: SiteEvent[] =
    gone.length > 0
      ? [{ type: 'SiteSpacesDetached', data: { siteId: state.siteId, organizationId: state.organizationId, siteSpaceIds: gone } }]
      : [];
  const current = detached.reduce((s, e) => applySiteEvent(s, e, s.updatedAt), state);
  return [...detached, ...decideLive(current, command, facts)];
}

/** A site of an organization, with its structure, in stream `site-<siteId>`. */
export const siteAggregate: Aggregate<SiteState, SiteCommand, SiteEvent, SiteFacts> = {
  category: 'site',
  initialState: initialSiteState,
  evolve: evolveSite,
  decide: decideSite,
  schemaVersions: {
    SiteCreated: 1,
    SiteUpdated: 1,
    SitePublished: 1,
    SiteUnpublished: 1,
    SiteDeleted: 1,
    SiteSpaceAdded: 1,
    SiteSpaceUpdated: 1,
    SiteSpaceRemoved: 1,
    SiteSpacesDetached: 1,
    SiteDefaultSiteSpaceSet: 1,
    SiteSectionAdded: 1,
    SiteSectionUpdated: 1,
    SiteSectionRemoved: 1,
    SiteSpacesMoved: 1,
    SiteDefaultSectionSet: 1,
    SiteSectionGroupAdded: 1,
    SiteSectionGroupUpdated: 1,
    SiteSectionGroupRemoved: 1,
    SiteSectionGrouped: 1,
    SiteSectionUngrouped: 1,
    SiteStructureItemMoved: 1,
    SiteShareLinkCreated: 1,
    SiteShareLinkUpdated: 1,
    SiteShareLinkDeleted: 1,
    SiteAdaptiveSchemaUpdated: 1,
    SiteCustomizationUpdated: 1,
    SiteSpaceCustomizationOverridden: 1,
    SiteSpaceCustomizationRemoved: 1,
    SiteRedirectCreated: 1,
    SiteRedirectUpdated: 1,
    SiteRedirectDeleted: 1,
    SiteVisitorAuthUpdated: 1,
    SiteVisitorAuthKeyRegenerated: 1,
  },
};
