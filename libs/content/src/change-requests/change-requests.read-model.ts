import {
  defineReadModel,
  Doc,
  equalTo,
  Filter,
  FindResult,
  Page,
  ReadModels,
  resolvePage,
  Sort,
  Provided,
} from '@docs/platform/projections';
import { ChangeRequestStatus } from './change-request.events';

/** The change requests read model: one document per change request, in any status. */
export interface ChangeRequestDoc extends Doc {
  spaceId: string;
  organizationId: string;
  /** Incremental per space, from 1. */
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  /** The user who created it. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The change request's current revision. */
  revision: string;
  /** The live revision it was created from. */
  revisionInitial: string;
  /** The live revision it last synced from (revisionInitial until an update from main). */
  revisionMergedAncestor: string;
  /** Set on merge. */
  revisionMerged?: string;
  mergedBy?: string;
  mergedAt?: string;
  /** Open comments (the collaboration context will move it). */
  comments: number;
  /** Who contributed, first contribution first: the creator, then everyone who edited its content. */
  contributors: string[];
  /** Who is requested to review it, first request first. */
  reviewers: string[];
  /** The organization whose change request lists show it: its space's; null while the space is in the trash, or purged. */
  listedIn: string | null;
}

/** How a user takes part in a change request: created it, contributed to it (edited its content), or is requested to review it. */
export const CHANGE_REQUEST_ROLES = ['creator', 'contributor', 'reviewer'] as const;
export type ChangeRequestRole = (typeof CHANGE_REQUEST_ROLES)[number];

/**
 * One user's part in one change request (`<changeRequestId>:<role>:<userId>`), carrying the change
 * request's status, creation and last update, so `?creator=`, `?contributor=` and
 * `?requestedReviewer=` lists are one index range in either order, like the unfiltered ones.
 */
export interface ChangeRequestPersonDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  userId: string;
  role: ChangeRequestRole;
  status: ChangeRequestStatus;
  createdAt: string;
  updatedAt: string;
  /** The change request's `listedIn`. */
  listedIn: string | null;
}

export const personId = (changeRequestId: string, role: ChangeRequestRole, userId: string) => `${changeRequestId}:${role}:${userId}`;

/** GitBook's ChangeRequestOrderBy: the field lists sort on, most recent first. */
export const CHANGE_REQUEST_ORDERS = ['updatedAt', 'createdAt'] as const;
export type ChangeRequestOrder = (typeof CHANGE_REQUEST_ORDERS)[number];

export const CHANGE_REQUESTS = defineReadModel<ChangeRequestDoc>({
  name: 'change_requests',
  lists: [
    // GET /v1/spaces/{spaceId}/change-requests?status=…: a space's change requests in one status, by last update or creation.
    ['spaceId', 'status', 'updatedAt'],
    ['spaceId', 'status', 'createdAt'],
    // ...?status=all: every change request of the space.
    ['spaceId', 'updatedAt'],
    ['spaceId', 'createdAt'],
    // GET /v1/orgs/{organizationId}/change-requests: the organization's, one range per status asked for (or all).
    ['listedIn', 'status', 'updatedAt'],
    ['listedIn', 'status', 'createdAt'],
    ['listedIn', 'updatedAt'],
    ['listedIn', 'createdAt'],
  ],
  // GET .../change-requests/{number}.
  indexes: [['spaceId', 'number']],
});

export const CHANGE_REQUEST_PEOPLE = defineReadModel<ChangeRequestPersonDoc>({
  name: 'change_request_people',
  lists: [
    // ...?creator=…|contributor=…|requestedReviewer=…&status=…, in either order.
    ['spaceId', 'role', 'userId', 'status', 'updatedAt'],
    ['spaceId', 'role', 'userId', 'status', 'createdAt'],
    // ...&status=all
    ['spaceId', 'role', 'userId', 'updatedAt'],
    ['spaceId', 'role', 'userId', 'createdAt'],
    // The same across an organization (GET /v1/orgs/{organizationId}/change-requests?creator=…).
    ['listedIn', 'role', 'userId', 'status', 'updatedAt'],
    ['listedIn', 'role', 'userId', 'status', 'createdAt'],
    ['listedIn', 'role', 'userId', 'updatedAt'],
    ['listedIn', 'role', 'userId', 'createdAt'],
  ],
});

/** What a list of a space's change requests keeps: a status (or all), at most one person in one role, or a site topic. */
export interface ChangeRequestFilters {
  status: ChangeRequestStatus | 'all';
  person?: { role: ChangeRequestRole; userId: string };
  /** A site topic: this server serves no site topics, so no change request is linked to one. */
  topic?: string;
}

/** The queries over the change requests read model: every list is one index range. */
@Provided()
export class ChangeRequestsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The change request of the space with this id, or null (a change request of another space is none). */
  byId(spaceId: string, changeRequestId: string): Promise<ChangeRequestDoc | null> {
    return this.readModels.getIn(CHANGE_REQUESTS, changeRequestId, 'spaceId', spaceId);
  }

  /** The change request of the space with this number, or null. */
  async byNumber(spaceId: string, number: number): Promise<ChangeRequestDoc | null> {
    const found = await this.readModels.find(CHANGE_REQUESTS, {
      where: [
        { field: 'spaceId', op: 'eq', value: spaceId },
        { field: 'number', op: 'eq', value: number },
      ],
      limit: 1,
    });
    return found.items[0] ?? null;
  }

  /** A page of the space's change requests that pass `filters`, most recent first by `order`. */
  async list(
    spaceId: string,
    { status, person, topic }: ChangeRequestFilters,
    order: ChangeRequestOrder,
    page: Page,
  ): Promise<FindResult<ChangeRequestDoc>> {
    if (topic !== undefined) return { items: [], count: 0 };
    const sort: Sort = { field: order, direction: 'desc' };
    const where: Filter[] = [{ field: 'spaceId', op: 'eq', value: spaceId }];
    if (person !== undefined) where.push(...equalTo({ role: person.role, userId: person.userId }));
    if (status !== 'all') where.push({ field: 'status', op: 'eq', value: status });
    if (person === undefined) return this.readModels.find(CHANGE_REQUESTS, { where, sort, ...page });
    const people = await this.readModels.find(CHANGE_REQUEST_PEOPLE, { where, sort, ...page });
    return resolvePage(
      people,
      (p) => p.changeRequestId,
      (ids) => this.readModels.getMany(CHANGE_REQUESTS, ids),
    );
  }
}
