import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ChangeRequestEvent, ChangeRequestStatus } from './change-request.events';
import { spaceCreated } from '../testing/space-fixtures.domain';
import { changeRequestsProjection } from './change-requests.projection';
import { CHANGE_REQUESTS, ChangeRequestFilters, ChangeRequestOrder, ChangeRequestsReadModel } from './change-requests.read-model';
import { spacesProjection } from '../spaces/reads/spaces.projection';
import { SPACES } from '../spaces/reads/spaces.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const ids = (changeRequestId: string, spaceId = 's1') => ({ changeRequestId, spaceId, organizationId: 'o1' });
const created = (changeRequestId: string, number: number, spaceId = 's1'): ChangeRequestEvent => ({
  type: 'ChangeRequestCreated',
  data: { ...ids(changeRequestId, spaceId), number, subject: `CR ${number}`, revisionInitial: 'r0' },
});
const status = (changeRequestId: string, from: ChangeRequestStatus, to: ChangeRequestStatus): ChangeRequestEvent => ({
  type: 'ChangeRequestStatusChanged',
  data: { ...ids(changeRequestId), status: to, from },
});

describe('change requests projection', () => {
  const spec = projectionSpecPerTest(changeRequestsProjection);
  const read = () => new ChangeRequestsReadModel(spec.readModels);

  it('keeps every field the ChangeRequest object needs', async () => {
    await spec.given([{ ...created('c1', 1), metadata: { occurredAt: T1, actor: 'u1' } }]);
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c1')).toEqual({
      id: 'c1',
      spaceId: 's1',
      organizationId: 'o1',
      number: 1,
      status: 'open',
      subject: 'CR 1',
      createdBy: 'u1',
      createdAt: T1,
      updatedAt: T1,
      revision: 'r0',
      revisionInitial: 'r0',
      revisionMergedAncestor: 'r0',
      comments: 0,
      contributors: ['u1'],
      listedIn: 'o1',
      reviewers: [],
    });
  });

  it('follows subject, status, revisions and merges, and lists by status, most recently updated first', async () => {
    await spec.given(occurred(T1, created('c1', 1), created('c2', 2), created('c3', 3), created('x1', 1, 's2')));
    await spec.given(
      occurred(T2, status('c1', 'open', 'draft'), { type: 'ChangeRequestSubjectChanged', data: { ...ids('c2'), subject: 'New' } }),
    );
    await spec.given([
      {
        type: 'ChangeRequestUpdatedFromMain',
        data: { ...ids('c3'), revisionId: 'r2', parents: ['r0', 'r1'], changes: [] },
        metadata: { occurredAt: T3 },
      },
      {
        type: 'ChangeRequestMerged',
        data: { ...ids('c3'), revisionMerged: 'r3', from: 'open' },
        metadata: { occurredAt: T3, actor: 'u2' },
      },
    ]);
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c3')).toMatchObject({
      status: 'merged',
      revision: 'r2',
      revisionMergedAncestor: 'r1',
      revisionMerged: 'r3',
      mergedBy: 'u2',
      mergedAt: T3,
      updatedAt: T3,
    });
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c2')).toMatchObject({ subject: 'New', status: 'open', updatedAt: T2 });
    const list = async (s: ChangeRequestStatus | 'all') => {
      const page = await read().list('s1', { status: s }, 'updatedAt', { limit: 10 });
      return { count: page.count, ids: page.items.map((c) => c.id) };
    };
    expect(await list('open')).toEqual({ count: 1, ids: ['c2'] });
    expect(await list('draft')).toEqual({ count: 1, ids: ['c1'] });
    expect(await list('all')).toEqual({ count: 3, ids: ['c3', 'c2', 'c1'] });
    expect((await read().byNumber('s1', 2))?.id).toBe('c2');
    expect((await read().byNumber('s2', 1))?.id).toBe('x1');
    expect(await read().byId('s2', 'c1')).toBeNull();
  });
});

describe('change requests projection: people and orders', () => {
  const spec = projectionSpecPerTest(changeRequestsProjection);
  const read = () => new ChangeRequestsReadModel(spec.readModels);
  const edited = (changeRequestId: string, revisionId: string): ChangeRequestEvent => ({
    type: 'ChangeRequestContentEdited',
    data: { ...ids(changeRequestId), revisionId, parentRevisionId: 'r0', changes: [] },
  });
  const requested = (changeRequestId: string, ...userIds: string[]): ChangeRequestEvent => ({
    type: 'ReviewersRequested',
    data: { ...ids(changeRequestId), userIds, revision: 'r0' },
  });
  const removed = (changeRequestId: string, userId: string): ChangeRequestEvent => ({
    type: 'ReviewerRemoved',
    data: { ...ids(changeRequestId), userId },
  });
  const list = async (
    person: ChangeRequestFilters['person'],
    s: ChangeRequestStatus | 'all' = 'all',
    order: ChangeRequestOrder = 'updatedAt',
  ) => {
    const page = await read().list('s1', { status: s, person }, order, { limit: 10 });
    return { count: page.count, ids: page.items.map((c) => c.id) };
  };
  const contributor = (userId: string) => ({ role: 'contributor' as const, userId });

  it('lists the change requests a user created or edited, by status, most recently updated first', async () => {
    await spec.given([
      { ...created('c1', 1), metadata: { occurredAt: T1, actor: 'ann' } },
      { ...created('c2', 2), metadata: { occurredAt: T1, actor: 'bob' } },
    ]);
    await spec.given([
      { ...edited('c2', 'r1'), metadata: { occurredAt: T2, actor: 'ann' } },
      { ...edited('c1', 'r2'), metadata: { occurredAt: T2, actor: 'ann' } },
    ]);
    await spec.given([{ ...status('c1', 'open', 'draft'), metadata: { occurredAt: T3 } }]);
    expect(await list(contributor('ann'))).toEqual({ count: 2, ids: ['c1', 'c2'] });
    expect(await list(contributor('ann'), 'open')).toEqual({ count: 1, ids: ['c2'] });
    expect(await list(contributor('ann'), 'draft')).toEqual({ count: 1, ids: ['c1'] });
    expect(await list(contributor('bob'))).toEqual({ count: 1, ids: ['c2'] });
    expect(await list(contributor('zed'))).toEqual({ count: 0, ids: [] });
    expect(await list({ role: 'creator', userId: 'ann' })).toEqual({ count: 1, ids: ['c1'] });
    expect(await list({ role: 'creator', userId: 'bob' }, 'open')).toEqual({ count: 1, ids: ['c2'] });
    expect(await list({ role: 'creator', userId: 'bob' }, 'draft')).toEqual({ count: 0, ids: [] });
    expect((await spec.readModels.get(CHANGE_REQUESTS, 'c1'))?.contributors).toEqual(['ann']);
    expect((await spec.readModels.get(CHANGE_REQUESTS, 'c2'))?.contributors).toEqual(['bob', 'ann']);
  });

  it('lists the change requests a user is requested to review, until the request is removed, without touching updatedAt', async () => {
    await spec.given(occurred(T1, created('c1', 1), created('c2', 2)));
    await spec.given(occurred(T2, requested('c1', 'rev', 'ann'), requested('c2', 'rev')));
    const reviewer = (userId: string) => ({ role: 'reviewer' as const, userId });
    expect(await list(reviewer('rev'))).toEqual({ count: 2, ids: ['c2', 'c1'] });
    expect(await list(reviewer('ann'))).toEqual({ count: 1, ids: ['c1'] });
    await spec.given(occurred(T3, removed('c1', 'rev'), status('c2', 'open', 'draft')));
    expect(await list(reviewer('rev'))).toEqual({ count: 1, ids: ['c2'] });
    expect(await list(reviewer('rev'), 'open')).toEqual({ count: 0, ids: [] });
    expect(await list(reviewer('rev'), 'draft')).toEqual({ count: 1, ids: ['c2'] });
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c1')).toMatchObject({ reviewers: ['ann'], updatedAt: T1 });
  });

  it('orders by creation or by last update, newest first, with or without a person', async () => {
    await spec.given([{ ...created('c1', 1), metadata: { occurredAt: T1, actor: 'ann' } }]);
    await spec.given([{ ...created('c2', 2), metadata: { occurredAt: T2, actor: 'ann' } }]);
    await spec.given([{ ...edited('c1', 'r1'), metadata: { occurredAt: T3, actor: 'ann' } }]);
    const all = async (order: ChangeRequestOrder) =>
      (await read().list('s1', { status: 'open' }, order, { limit: 10 })).items.map((c) => c.id);
    expect(await all('updatedAt')).toEqual(['c1', 'c2']);
    expect(await all('createdAt')).toEqual(['c2', 'c1']);
    expect((await list({ role: 'creator', userId: 'ann' }, 'open', 'createdAt')).ids).toEqual(['c2', 'c1']);
    expect((await list(contributor('ann'), 'all', 'updatedAt')).ids).toEqual(['c1', 'c2']);
  });

  it('a site topic keeps nothing: no change request is linked to one here', async () => {
    await spec.given(occurred(T1, created('c1', 1)));
    expect(await read().list('s1', { status: 'all', topic: 't1' }, 'updatedAt', { limit: 10 })).toEqual({ items: [], count: 0 });
  });
});

describe('spaces projection: change request counters', () => {
  const spec = projectionSpecPerTest(spacesProjection);
  const space = spaceCreated();
  const counters = async () => {
    const doc = await spec.readModels.get(SPACES, 's1');
    return { all: doc?.changeRequests, open: doc?.changeRequestsOpen, draft: doc?.changeRequestsDraft, updatedAt: doc?.updatedAt };
  };

  it('counts change requests in any status, open and draft, leaving updatedAt alone', async () => {
    await spec.given(occurred(T1, space));
    await spec.given(occurred(T2, created('c1', 1), created('c2', 2), created('c3', 3)));
    expect(await counters()).toEqual({ all: 3, open: 3, draft: 0, updatedAt: T1 });
    await spec.given(occurred(T2, status('c1', 'open', 'draft'), status('c2', 'open', 'archived')));
    expect(await counters()).toEqual({ all: 3, open: 1, draft: 1, updatedAt: T1 });
    await spec.given(
      occurred(T3, status('c2', 'archived', 'draft'), {
        type: 'ChangeRequestMerged',
        data: { ...ids('c3'), revisionMerged: 'r1', from: 'open' },
      }),
    );
    expect(await counters()).toEqual({ all: 3, open: 0, draft: 2, updatedAt: T1 });
  });
});
