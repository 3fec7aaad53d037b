import { Role } from '@docs/kernel';
import { defineReadModel, Doc, equalTo, everyItem, Filter, FindResult, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
import { DefaultLevel, EditMode } from '../space.events';
import * as ranked from '../../content-tree/ranked-children';
import type { SpaceFields } from '../http/space-object';

/** The spaces read model: spaces (one document each, with their status) and their direct grants. */

export type SpaceStatus = 'active' | 'deleted';

/** A space: the fields of GitBook's Space object (SpaceFields), typed by the content's events, and its place and status. */
export interface SpaceDoc extends Doc, SpaceFields {
  editMode: EditMode;
  defaultLevel: DefaultLevel;
  /** The place among the parent's children (fractional index: compares as a plain string). */
  rank: string;
  /** `deleted`: in the trash (until restored or purged). Lists and counts take `active` only. */
  status: SpaceStatus;
  /** When it went to the trash; null when active. */
  deletedAt: string | null;
}

export type GrantKind = 'user' | 'team';

/** A direct grant of a role on a space, to a user or a team: one document per (space, user|team). */
export interface SpaceGrantDoc extends Doc {
  /** `<spaceId>:<kind>:<principalId>` (see grantId). */
  id: string;
  spaceId: string;
  organizationId: string;
  kind: GrantKind;
  /** The user id or team id. */
  principalId: string;
  role: Role;
  grantedAt: string;
  updatedAt: string;
}

export const grantId = (spaceId: string, kind: GrantKind, principalId: string) => `${spaceId}:${kind}:${principalId}`;

export const SPACES = defineReadModel<SpaceDoc>({
  name: 'spaces',
  indexes: [
    // GET /v1/orgs/{organizationId}/spaces: the organization's spaces (active), by rank.
    ['organizationId', 'status', 'rank'],
    // GET .../members/{userId}/spaces: the organization's spaces (active), by creation.
    ['organizationId', 'status', 'createdAt'],
    // A parent's children by rank, whatever their status: new ranks and the neighbours of a move.
    ['organizationId', 'parent', 'rank'],
    // A collection's spaces (active), by rank.
    ['organizationId', 'parent', 'status', 'rank'],
    // The purge: spaces in the trash since before the retention cut-off.
    ['status', 'deletedAt'],
  ],
  counts: [
    ['organizationId', 'status'],
    ['organizationId', 'parent', 'status'],
  ],
});

export const SPACE_GRANTS = defineReadModel<SpaceGrantDoc>({
  name: 'space_grants',
  // GET .../permissions/users and .../permissions/teams, oldest grant first; a space's grants.
  lists: [['spaceId', 'kind', 'grantedAt']],
  // The spaces granted to a guest or their teams; a deleted team's grants.
  indexes: [['organizationId', 'principalId']],
});

/** How many active spaces are granted to a team: one document per team with a grant (`id` the team's), kept by the spaces projection. */
export interface TeamSpacesDoc extends Doc {
  spaces: number;
}

export const TEAM_SPACES = defineReadModel<TeamSpacesDoc>({ name: 'team_spaces' });

export const BY_RANK: Sort = { field: 'rank', direction: 'asc' };
const PAGE = 500;

const active = (organizationId: string): Filter[] => equalTo({ organizationId, status: 'active' });

/**
 * The queries over the spaces read model. Every list is one index range (docs/read-models.md),
 * except the spaces of a guest, gathered from their grants (see ../application/space-access.ts).
 */
@Provided()
export class SpacesReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The space in any status (null when it never existed or was purged). */
  space(spaceId: string): Promise<SpaceDoc | null> {
    return this.readModels.get(SPACES, spaceId);
  }

  /** Spaces by id, in any status and organization (missing ones left out). */
  spacesById(ids: string[]): Promise<SpaceDoc[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.readModels.getMany(SPACES, ids);
  }

  /** A page of the organization's active spaces in `sort` order (`rank` or `createdAt`). */
  spaces(organizationId: string, sort: Sort, page: Page): Promise<FindResult<SpaceDoc>> {
    return this.readModels.find(SPACES, { where: active(organizationId), sort, ...page });
  }

  /** A page of the active spaces directly in a collection, by rank. */
  spacesIn(organizationId: string, collectionId: string, page: Page): Promise<FindResult<SpaceDoc>> {
    return this.readModels.find(SPACES, {
      where: [...active(organizationId), { field: 'parent', op: 'eq', value: collectionId }],
      sort: BY_RANK,
      ...page,
    });
  }

  /** How many active spaces the organization has (a counter). */
  activeSpaceCount(organizationId: string): Promise<number> {
    return this.readModels.count(SPACES, { where: active(organizationId) });
  }

  /** The organization's active spaces granted to the user or to one of their teams. */
  async grantedSpaces(organizationId: string, userId: string, teamIds: ReadonlySet<string>): Promise<SpaceDoc[]> {
    const grants = await this.grantsTo(organizationId, [userId, ...teamIds]);
    const concerns = (g: SpaceGrantDoc) => (g.kind === 'user' ? g.principalId === userId : teamIds.has(g.principalId));
    const spaceIds = [...new Set(grants.filter(concerns).map((g) => g.spaceId))];
    return (await this.spacesById(spaceIds)).filter((s) => s.status === 'active' && s.organizationId === organizationId);
  }

  /** How many active spaces are granted to each of these teams (absent: none). */
  async teamSpaceCounts(teamIds: readonly string[]): Promise<Map<string, number>> {
    const docs = teamIds.length === 0 ? [] : await this.readModels.getMany(TEAM_SPACES, [...teamIds]);
    return new Map(docs.map((doc) => [doc.id, doc.spaces]));
  }

  /** How many active spaces a collection holds directly (a counter). */
  spaceCountIn(organizationId: string, collectionId: string): Promise<number> {
    return this.readModels.count(SPACES, { where: [...active(organizationId), { field: 'parent', op: 'eq', value: collectionId }] });
  }

  /** How many spaces a collection holds directly in any status, the trash included (two counters). */
  async childCount(organizationId: string, collectionId: string): Promise<number> {
    const count = (status: SpaceStatus) =>
      this.readModels.count(SPACES, {
        where: [...ranked.childrenOf(organizationId, collectionId), { field: 'status', op: 'eq', value: status }],
      });
    const [active, deleted] = await Promise.all([count('active'), count('deleted')]);
    return active + deleted;
  }

  /** The last child space of `parent` by rank in any status, leaving `except` out (see ranked-children.ts). */
  lastChild(organizationId: string, parent: string | null, except: string | null = null): Promise<SpaceDoc | null> {
    return ranked.lastChild(this.readModels, SPACES, { organizationId, parent, except });
  }

  /** The child space of `parent` next to `rank` on one side, in any status, leaving `except` out (see ranked-children.ts). */
  nextTo(organizationId: string, parent: string | null, side: 'after' | 'before', rank: string, except: string): Promise<SpaceDoc | null> {
    return ranked.nextTo(this.readModels, SPACES, { organizationId, parent, side, rank, except });
  }

  /** A page of the spaces in the trash since before `cutoff`, oldest deletion first. */
  deletedBefore(cutoff: string, page: Page): Promise<FindResult<SpaceDoc>> {
    return this.readModels.find(SPACES, {
      where: [
        { field: 'status', op: 'eq', value: 'deleted' },
        { field: 'deletedAt', op: 'lt', value: cutoff },
      ],
      sort: { field: 'deletedAt', direction: 'asc' },
      ...page,
    });
  }

  /** A page of a space's grants of one kind, oldest first. */
  grants(spaceId: string, kind: GrantKind, page: Page): Promise<FindResult<SpaceGrantDoc>> {
    return this.readModels.find(SPACE_GRANTS, {
      where: equalTo({ spaceId, kind }),
      sort: { field: 'grantedAt', direction: 'asc' },
      ...page,
    });
  }

  /** One grant, or null. */
  grant(spaceId: string, kind: GrantKind, principalId: string): Promise<SpaceGrantDoc | null> {
    return this.readModels.get(SPACE_GRANTS, grantId(spaceId, kind, principalId));
  }

  /** The grants of these ids that exist (see grantId). */
  grantsById(ids: string[]): Promise<SpaceGrantDoc[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.readModels.getMany(SPACE_GRANTS, ids);
  }

  /** Every user id holding a direct grant on the space. */
  async grantedUsers(spaceId: string): Promise<string[]> {
    return (await everyItem((page) => this.grants(spaceId, 'user', page), PAGE)).map((g) => g.principalId);
  }

  /** Every grant in the organization to one of `principalIds` (a guest and their teams): as many as they hold. */
  async grantsTo(organizationId: string, principalIds: string[]): Promise<SpaceGrantDoc[]> {
    if (principalIds.length === 0) return [];
    const where: Filter[] = [
      { field: 'organizationId', op: 'eq', value: organizationId },
      { field: 'principalId', op: 'in', values: principalIds },
    ];
    return everyItem((page) => this.readModels.find(SPACE_GRANTS, { where, ...page }), PAGE);
  }
}
