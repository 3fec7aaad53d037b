import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ChangeRequestEvent, ChangeRequestStatus } from './change-request.events';
import { spaceCreated } from '../testing/space-fixtures.domain';
import { changeRequestsProjection } from './change-requests.projection';
import { CHANGE_REQUESTS, ChangeRequestsReadModel } from './change-requests.read-model';
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
      const page = await read().list('s1', s, { limit: 10 });
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

describe('change requests projection: contributors', () => {
  const spec = projectionSpecPerTest(changeRequestsProjection);
  const read = () => new ChangeRequestsReadModel(spec.readModels);
  const edited = (changeRequestId: string, revisionId: string): ChangeRequestEvent => ({
    type: 'ChangeRequestContentEdited',
    data: { ...ids(changeRequestId), revisionId, parentRevisionId: 'r0', changes: [] },
  });

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
    const list = async (user: string, s: ChangeRequestStatus | 'all') =>
      (await read().list('s1', s, { limit: 10 }, user)).items.map((c) => c.id);
    expect(await list('ann', 'all')).toEqual(['c1', 'c2']);
    expect(await list('ann', 'open')).toEqual(['c2']);
    expect(await list('ann', 'draft')).toEqual(['c1']);
    expect(await list('bob', 'all')).toEqual(['c2']);
    expect(await list('zed', 'all')).toEqual([]);
    expect((await spec.readModels.get(CHANGE_REQUESTS, 'c1'))?.contributors).toEqual(['ann']);
    expect((await spec.readModels.get(CHANGE_REQUESTS, 'c2'))?.contributors).toEqual(['bob', 'ann']);
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
