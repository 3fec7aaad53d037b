import { conflict, invalid, notFound } from '@docs/kernel';
import type { SiteEvent } from '../sites/site.events';
import type { Structure } from '../sites/site-structure.domain';
import { followFrom, MAX_SITE_REDIRECTS, normalisedSource, RedirectDestination, RedirectGraph, SiteRedirectEntry } from './redirect.domain';

/** A redirect's fields, as a command sets them. */
export type RedirectFields = Omit<SiteRedirectEntry, 'id'>;

export type RedirectCommand =
  | { type: 'CreateSiteRedirect'; redirectId: string; redirect: RedirectFields }
  | { type: 'UpdateSiteRedirect'; redirectId: string; changes: Partial<RedirectFields> }
  | { type: 'DeleteSiteRedirect'; redirectId: string }
  /** One item of bulkUpsertSiteRedirects: the redirect from `source` (live or draft) set, or deleted (`destination` null). */
  | {
      type: 'UpsertSiteRedirect';
      redirectId: string;
      source: string;
      draft: boolean;
      captureWildcard?: boolean;
      permanent?: boolean;
      destination: RedirectDestination | null;
    }
  /** The draft redirect from `source` goes live, replacing the live one. */
  | { type: 'PublishSiteRedirect'; source: string };

export const REDIRECT_COMMANDS: ReadonlySet<string> = new Set([
  'CreateSiteRedirect',
  'UpdateSiteRedirect',
  'DeleteSiteRedirect',
  'UpsertSiteRedirect',
  'PublishSiteRedirect',
]);

/**
 * What a redirect decision needs from the read model: how many redirects the site has, the one the
 * command names by id, the live and draft ones from its source, the site's own URLs (what an
 * external destination names on the site) and the stored live redirects along the way a reader
 * would be sent from the redirects the command makes live (`stored`, as RedirectGraph).
 */
export type RedirectFacts = {
  count: number;
  byId: SiteRedirectEntry | null;
  live: SiteRedirectEntry | null;
  draft: SiteRedirectEntry | null;
  bases: readonly string[];
  stored: ReadonlyMap<string, readonly SiteRedirectEntry[]>;
};

type Ids = { siteId: string; organizationId: string };

/** The source a command is about (to look up the live and draft redirects from it), if it names one. */
export function sourceOf(command: RedirectCommand, byId: SiteRedirectEntry | null): string | null {
  switch (command.type) {
    case 'CreateSiteRedirect':
      return normalisedSource(command.redirect.source);
    case 'UpdateSiteRedirect':
      return command.changes.source !== undefined ? normalisedSource(command.changes.source) : (byId?.source ?? null);
    case 'UpsertSiteRedirect':
    case 'PublishSiteRedirect':
      return normalisedSource(command.source);
    case 'DeleteSiteRedirect':
      return null;
  }
}

/** What the command does: the redirects it writes (whole) and the ones it deletes. */
type Plan = { put: SiteRedirectEntry[]; created: boolean; deleted: SiteRedirectEntry[] };

function planOf(command: RedirectCommand, facts: Omit<RedirectFacts, 'stored'>): Plan {
  switch (command.type) {
    case 'CreateSiteRedirect': {
      const redirect = { ...command.redirect, id: command.redirectId, source: normalisedSource(command.redirect.source) };
      const taken = redirect.draft ? facts.draft : facts.live;
      if (taken) throw conflict(`source: the site already has a ${redirect.draft ? 'draft' : 'live'} redirect from ${redirect.source}`);
      return { put: [redirect], created: true, deleted: [] };
    }
    case 'UpdateSiteRedirect': {
      const current = facts.byId;
      if (!current) throw notFound('site redirect not found');
      const next = { ...current, ...command.changes, id: current.id };
      next.source = normalisedSource(next.source);
      const other = next.draft ? facts.draft : facts.live;
      if (other && other.id !== current.id)
        throw conflict(`source: the site already has a ${next.draft ? 'draft' : 'live'} redirect from ${next.source}`);
      return { put: [next], created: false, deleted: [] };
    }
    case 'DeleteSiteRedirect':
      return { put: [], created: false, deleted: facts.byId ? [facts.byId] : [] };
    case 'UpsertSiteRedirect': {
      const source = normalisedSource(command.source);
      const current = command.draft ? facts.draft : facts.live;
      if (command.destination === null) {
        if (!current) throw notFound(`no ${command.draft ? 'draft' : 'live'} redirect from ${source}`);
        return { put: [], created: false, deleted: [current] };
      }
      const redirect: SiteRedirectEntry = {
        id: current?.id ?? command.redirectId,
        source,
        draft: command.draft,
        captureWildcard: command.captureWildcard ?? current?.captureWildcard ?? false,
        permanent: command.permanent ?? current?.permanent ?? false,
        destination: command.destination,
      };
      return { put: [redirect], created: !current, deleted: [] };
    }
    case 'PublishSiteRedirect': {
      if (!facts.draft) throw notFound(`no draft redirect from ${normalisedSource(command.source)}`);
      return { put: [{ ...facts.draft, draft: false }], created: false, deleted: facts.live ? [facts.live] : [] };
    }
  }
}

/** The live redirects a command changes, by source (null: no live redirect from it any more), for the loop check. */
export function liveChanges(command: RedirectCommand, facts: Omit<RedirectFacts, 'stored'>): Map<string, SiteRedirectEntry | null> {
  const { put, deleted } = planOf(command, facts);
  const changes = new Map<string, SiteRedirectEntry | null>();
  for (const r of deleted) if (!r.draft) changes.set(r.source, null);
  // A redirect moving from one source to another, or from live to draft, leaves its old source.
  for (const r of put) {
    const before = facts.byId?.id === r.id ? facts.byId : r.id === facts.draft?.id ? facts.draft : null;
    if (before && !before.draft && (before.source !== r.source || r.draft)) changes.set(before.source, null);
  }
  for (const r of put) if (!r.draft) changes.set(r.source, r);
  return changes;
}

/** The path a reader starts from at a (possibly wildcard) source: the source itself, or its prefix. */
export const startOf = (source: string) => (source.endsWith('*') ? source.slice(0, -1) : source);

/** Refuses a destination that names a section or site space the site does not have. */
function checkDestination(destination: RedirectDestination, structure: Structure): void {
  if (destination.kind === 'site-section' && !structure.sections.some((s) => s.id === destination.siteSectionId))
    throw invalid(`destination.siteSectionId: the site has no section ${destination.siteSectionId}`);
  if (
    (destination.kind === 'site-space' || destination.kind === 'site-page') &&
    !structure.siteSpaces.some((s) => s.id === destination.siteSpaceId)
  )
    throw invalid(`destination.siteSpaceId: the site has no site space ${destination.siteSpaceId}`);
}

/**
 * Decides a redirect command: a new redirect past MAX_SITE_REDIRECTS is refused (400), a source
 * taken by another redirect of the same kind (live or draft) is a conflict (409), and so is a
 * write after which a reader sent from one of its live redirects would come back where they
 * started (a loop, 409 naming it).
 */
export function decideRedirect(structure: Structure, command: RedirectCommand, facts: RedirectFacts, ids: Ids): SiteEvent[] {
  const plan = planOf(command, facts);
  for (const r of plan.put) checkDestination(r.destination, structure);
  if (plan.created && facts.count >= MAX_SITE_REDIRECTS)
    throw invalid(`redirects: a site has at most ${MAX_SITE_REDIRECTS} redirects; delete some first`);
  const changed = liveChanges(command, facts);
  const graph: RedirectGraph = { stored: facts.stored, changed, bases: facts.bases };
  for (const [source, redirect] of changed) {
    if (!redirect) continue;
    const check = followFrom(startOf(source), graph);
    if ('missing' in check) throw conflict('the site redirects changed meanwhile: send the request again');
    if (check.loop) throw conflict(`destination: the redirect from ${source} would make a loop: ${check.loop.join(' -> ')}`);
  }
  return [
    ...plan.deleted.map(
      (r): SiteEvent => ({ type: 'SiteRedirectDeleted', data: { ...ids, redirectId: r.id, source: r.source, draft: r.draft } }),
    ),
    ...plan.put.map(
      (redirect): SiteEvent => ({ type: plan.created ? 'SiteRedirectCreated' : 'SiteRedirectUpdated', data: { ...ids, redirect } }),
    ),
  ];
}
