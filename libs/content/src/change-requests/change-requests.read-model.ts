import { defineReadModel, Doc, Filter, FindResult, Page, ReadModels, resolvePage, Sort, Provided } from '@docs/platform/projections';
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
}

/**
 * One contributor of one change request (`<changeRequestId>:<userId>`), carrying the change
 * request's status and last update, so `?contributor=` lists are one index range like the others.
 */
export interface ContributionDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  userId: string;
  status: ChangeRequestStatus;
  updatedAt: string;
}

export const contributionId = (changeRequestId: string, userId: string) => `${changeRequestId}:${userId}`;

export const CHANGE_REQUESTS = defineReadModel<ChangeRequestDoc>({
  name: 'change_requests',
  lists: [
    // GET /v1/spaces/{spaceId}/change-requests?status=…: a space's change requests in one status, by last update.
    ['spaceId', 'status', 'updatedAt'],
    // ...?status=all: every change request of the space, by last update.
    ['spaceId', 'updatedAt'],
  ],
  // GET .../change-requests/{number}.
  indexes: [['spaceId', 'number']],
});

export const CONTRIBUTIONS = defineReadModel<ContributionDoc>({
  name: 'change_request_contributions',
  indexes: [
    // ...?contributor=…&status=…
    ['spaceId', 'userId', 'status', 'updatedAt'],
    // ...?contributor=…&status=all
    ['spaceId', 'userId', 'updatedAt'],
  ],
});

export const NEWEST_UPDATE_FIRST: Sort = { field: 'updatedAt', direction: 'desc' };

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

  /** A page of the space's change requests in one status (or all), most recently updated first; only `contributor`'s, when given. */
  async list(
    spaceId: string,
    status: ChangeRequestStatus | 'all',
    page: Page,
    contributor?: string,
  ): Promise<FindResult<ChangeRequestDoc>> {
    const where: Filter[] = [{ field: 'spaceId', op: 'eq', value: spaceId }];
    if (contributor !== undefined) where.push({ field: 'userId', op: 'eq', value: contributor });
    if (status !== 'all') where.push({ field: 'status', op: 'eq', value: status });
    if (contributor === undefined) return this.readModels.find(CHANGE_REQUESTS, { where, sort: NEWEST_UPDATE_FIRST, ...page });
    const contributions = await this.readModels.find(CONTRIBUTIONS, { where, sort: NEWEST_UPDATE_FIRST, ...page });
    return resolvePage(
      contributions,
      (c) => c.changeRequestId,
      (ids) => this.readModels.getMany(CHANGE_REQUESTS, ids),
    );
  }
}
