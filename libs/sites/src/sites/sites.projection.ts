import { defineProjection, everyItem, ProjectionWriter, Recorded } from '@docs/platform/projections';
import type { OpenCommentsChanged } from '@docs/collaboration/events';
import type {
  ChangeRequestCreated,
  ChangeRequestMerged,
  ChangeRequestStatusChanged,
  LiveContentChanged,
  SpaceLifecycleEvent,
  SpaceMergeRulesChanged,
} from '@docs/content/events';
import { applySiteEvent, initialSiteState, sectionOrder, SiteEvent, SiteState } from './site.decider';
import {
  ContentSpaceDoc,
  SITE_CONTENT_SPACES,
  SITE_SECTION_GROUPS,
  SITE_SECTIONS,
  SITE_SHARE_LINKS,
  SITE_SPACES,
  SITES,
  siteSpaceDocsOf,
} from './sites.read-model';
import { writeLiveSiteDoc } from '../shared/live-site-doc';

const PAGE = 500;

/** The content events the projection follows: the spaces site spaces show, and their change request counters. */
type ContentSpaceEvent =
  | SpaceLifecycleEvent
  | SpaceMergeRulesChanged
  | LiveContentChanged
  | ChangeRequestCreated
  | ChangeRequestStatusChanged
  | ChangeRequestMerged;

/** Writes every document of the site from its state (and deletes those of site spaces that left it). */
function writeSite(w: ProjectionWriter, before: SiteState, after: SiteState, pendingDrops: string[]): void {
  const kept = new Set(after.siteSpaces.map((s) => s.id));
  for (const s of before.siteSpaces) if (!kept.has(s.id)) w.delete(SITE_SPACES, s.id);
  const sections = new Set(after.sections.map((s) => s.id));
  for (const s of before.sections) if (!sections.has(s.id)) w.delete(SITE_SECTIONS, s.id);
  const groups = new Set(after.groups.map((g) => g.id));
  for (const g of before.groups) if (!groups.has(g.id)) w.delete(SITE_SECTION_GROUPS, g.id);
  const links = new Set((after.shareLinks ?? []).map((l) => l.id));
  for (const l of before.shareLinks ?? []) if (!links.has(l.id)) w.delete(SITE_SHARE_LINKS, l.id);
  const live = writeLiveSiteDoc(w, SITES, after, () => ({
    id: after.siteId,
    organizationId: after.organizationId,
    title: after.settings.title,
    type: after.type,
    published: after.published,
    createdAt: after.createdAt,
    spaceIds: [...new Set(after.siteSpaces.map((s) => s.spaceId))],
    siteSpaces: after.siteSpaces.length,
    state: after,
    pendingDrops,
  }));
  if (!live) return;
  for (const doc of siteSpaceDocsOf(after)) w.put(SITE_SPACES, doc);
  const { siteId, organizationId } = after;
  for (const [position, id] of sectionOrder(after).entries()) w.put(SITE_SECTIONS, { id, siteId, organizationId, position });
  for (const l of after.shareLinks) {
    w.put(SITE_SHARE_LINKS, { id: l.id, siteId, organizationId, createdAt: l.createdAt, name: l.name, key: l.key });
  }
  const groupsInOrder = after.top.filter((t) => t.type === 'site-section-group');
  for (const [position, { id }] of groupsInOrder.entries()) w.put(SITE_SECTION_GROUPS, { id, siteId, organizationId, position });
}

async function siteEvent(event: Recorded<SiteEvent>, w: ProjectionWriter): Promise<void> {
  const doc = await w.get(SITES, event.data.siteId);
  const before = doc ? (doc.state as SiteState) : initialSiteState();
  if (!doc && event.type !== 'SiteCreated') return;
  const after = applySiteEvent(before, event, event.metadata.occurredAt);
  let pending = doc?.pendingDrops ?? [];
  if (event.type === 'SiteSpacesDetached') pending = pending.filter((id) => !event.data.siteSpaceIds.includes(id));
  writeSite(w, before, after, pending);
}

/** Content says the space went (deleted, purged, transferred): its site spaces leave every site, which the site's stream records later. */
async function spaceGone(w: ProjectionWriter, spaceId: string, at: string): Promise<void> {
  const bySite = new Map<string, string[]>();
  const siteSpaces = await everyItem(
    (page) => w.find(SITE_SPACES, { where: [{ field: 'spaceId', op: 'eq', value: spaceId }], ...page }),
    PAGE,
  );
  for (const s of siteSpaces) bySite.set(s.siteId, [...(bySite.get(s.siteId) ?? []), s.id]);
  for (const [siteId, siteSpaceIds] of bySite) {
    const doc = await w.get(SITES, siteId);
    if (!doc) continue;
    const before = doc.state as SiteState;
    const state = applySiteEvent(
      before,
      { type: 'SiteSpacesDetached', data: { siteId, organizationId: doc.organizationId, siteSpaceIds } },
      at,
    );
    writeSite(w, before, state, [...new Set([...doc.pendingDrops, ...siteSpaceIds])]);
  }
}

const touch = (w: ProjectionWriter, spaceId: string, change: (doc: ContentSpaceDoc) => Partial<ContentSpaceDoc>, at?: string) =>
  w
    .update(SITE_CONTENT_SPACES, spaceId, (doc) => doc && { ...doc, ...change(doc), ...(at !== undefined ? { updatedAt: at } : {}) })
    .then(() => undefined);

/** How a change request moving between statuses (null: new) moves the space's counters (as content counts them). */
function countChangeRequests(doc: ContentSpaceDoc, from: string | null, to: string): Partial<ContentSpaceDoc> {
  const delta = (status: string) => (to === status ? 1 : 0) - (from === status ? 1 : 0);
  return {
    changeRequests: doc.changeRequests + (from === null ? 1 : 0),
    changeRequestsOpen: doc.changeRequestsOpen + delta('open'),
    changeRequestsDraft: doc.changeRequestsDraft + delta('draft'),
  };
}

const commented = (w: ProjectionWriter, data: { spaceId: string; changeRequestId?: string }, delta: number) =>
  data.changeRequestId !== undefined || delta === 0
    ? undefined
    : touch(w, data.spaceId, (doc) => ({ comments: Math.max(0, doc.comments + delta) }));

/**
 * Sites and their site spaces (from the sites' own events, folded with the decider's
 * `applySiteEvent`), and the spaces site spaces show (from content's and collaboration's events).
 * A space deleted, purged or transferred leaves every site it was in.
 */
export const sitesProjection = defineProjection<SiteEvent | ContentSpaceEvent | OpenCommentsChanged>({
  name: 'sites',
  // 2: the site's state keeps its adaptive schema.
  // 3: sites carry their type, share links their name and key (the type and search filters).
  // 4: the site's state keeps its customization and its site spaces' overrides.
  // 5: the spaces sites show carry their merge rules.
  version: 5,
  collections: [SITES, SITE_SPACES, SITE_SECTIONS, SITE_SECTION_GROUPS, SITE_SHARE_LINKS, SITE_CONTENT_SPACES],
  on: {
    SiteCreated: siteEvent,
    SiteUpdated: siteEvent,
    SitePublished: siteEvent,
    SiteUnpublished: siteEvent,
    SiteDeleted: siteEvent,
    SiteSpaceAdded: siteEvent,
    SiteSpaceUpdated: siteEvent,
    SiteSpaceRemoved: siteEvent,
    SiteSpacesDetached: siteEvent,
    SiteDefaultSiteSpaceSet: siteEvent,
    SiteSectionAdded: siteEvent,
    SiteSectionUpdated: siteEvent,
    SiteSectionRemoved: siteEvent,
    SiteSpacesMoved: siteEvent,
    SiteDefaultSectionSet: siteEvent,
    SiteSectionGroupAdded: siteEvent,
    SiteSectionGroupUpdated: siteEvent,
    SiteSectionGroupRemoved: siteEvent,
    SiteSectionGrouped: siteEvent,
    SiteSectionUngrouped: siteEvent,
    SiteStructureItemMoved: siteEvent,
    SiteShareLinkCreated: siteEvent,
    SiteShareLinkUpdated: siteEvent,
    SiteShareLinkDeleted: siteEvent,
    SiteAdaptiveSchemaUpdated: siteEvent,
    SiteCustomizationUpdated: siteEvent,
    SiteSpaceCustomizationOverridden: siteEvent,
    SiteSpaceCustomizationRemoved: siteEvent,
    SiteVisitorAuthUpdated: siteEvent,
    SiteVisitorAuthKeyRegenerated: siteEvent,
    SpaceCreated({ data, metadata: { occurredAt } }, w) {
      w.put(SITE_CONTENT_SPACES, {
        id: data.spaceId,
        organizationId: data.organizationId,
        title: data.title,
        emoji: data.emoji,
        editMode: data.editMode,
        defaultLevel: data.defaultLevel,
        parent: data.parent,
        revision: data.revisionId,
        status: 'active',
        createdAt: occurredAt,
        updatedAt: occurredAt,
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
      });
    },
    SpaceUpdated: ({ data: { spaceId, changes }, metadata: { occurredAt } }, w) => touch(w, spaceId, () => changes, occurredAt),
    SpaceMergeRulesChanged: ({ data: { spaceId, mergeRules }, metadata: { occurredAt } }, w) =>
      touch(w, spaceId, () => ({ mergeRules }), occurredAt),
    LiveContentChanged: ({ data: { spaceId, revisionId }, metadata: { occurredAt } }, w) =>
      touch(w, spaceId, () => ({ revision: revisionId }), occurredAt),
    SpaceMoved: ({ data: { spaceId, parent }, metadata: { occurredAt } }, w) => touch(w, spaceId, () => ({ parent }), occurredAt),
    SpaceRestored: ({ data: { spaceId }, metadata: { occurredAt } }, w) => touch(w, spaceId, () => ({ status: 'active' }), occurredAt),
    async SpaceDeleted({ data: { spaceId }, metadata: { occurredAt } }, w) {
      await touch(w, spaceId, () => ({ status: 'deleted' }), occurredAt);
      await spaceGone(w, spaceId, occurredAt);
    },
    async SpacePurged({ data: { spaceId }, metadata: { occurredAt } }, w) {
      w.delete(SITE_CONTENT_SPACES, spaceId);
      await spaceGone(w, spaceId, occurredAt);
    },
    async SpaceTransferred({ data: { spaceId, toOrganizationId }, metadata: { occurredAt } }, w) {
      await touch(w, spaceId, () => ({ organizationId: toOrganizationId, parent: null }), occurredAt);
      await spaceGone(w, spaceId, occurredAt);
    },
    ChangeRequestCreated: ({ data: { spaceId } }, w) => touch(w, spaceId, (doc) => countChangeRequests(doc, null, 'open')),
    ChangeRequestStatusChanged: ({ data: { spaceId, from, status } }, w) =>
      touch(w, spaceId, (doc) => countChangeRequests(doc, from, status)),
    ChangeRequestMerged: ({ data: { spaceId, from } }, w) => touch(w, spaceId, (doc) => countChangeRequests(doc, from, 'merged')),
    CommentPosted: ({ data }, w) => commented(w, data, 1),
    CommentResolved: ({ data }, w) => commented(w, data, -1),
    CommentReopened: ({ data }, w) => commented(w, data, 1),
    CommentDeleted: ({ data }, w) => commented(w, data, data.status === 'open' ? -1 : 0),
  },
});
