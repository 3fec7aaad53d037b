import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ChangeRequestEvent } from '../change-request.events';
import { SpaceEvent } from '../../spaces/space.events';
import { changeRequestReviewersProjection } from './change-request-reviewers.projection';
import { CHANGE_REQUEST_REVIEWERS, ChangeRequestReviewersReadModel } from './change-request-reviewers.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const ids = (changeRequestId: string, spaceId = 's1') => ({ changeRequestId, spaceId, organizationId: 'o1' });
const requested = (changeRequestId: string, userIds: string[], revision = 'r1', spaceId = 's1'): ChangeRequestEvent => ({
  type: 'ReviewersRequested',
  data: { ...ids(changeRequestId, spaceId), userIds, revision },
});
const removed = (changeRequestId: string, userId: string): ChangeRequestEvent => ({
  type: 'ReviewerRemoved',
  data: { ...ids(changeRequestId), userId },
});

describe('change request reviewers projection', () => {
  const spec = projectionSpecPerTest(changeRequestReviewersProjection);
  const read = () => new ChangeRequestReviewersReadModel(spec.readModels);
  const listed = async (changeRequestId: string, limit = 10) => {
    const page = await read().list(changeRequestId, { limit });
    return { count: page.count, users: page.items.map((r) => r.userId), next: page.next };
  };

  it('keeps one document per change request and user: who asked, when, at which revision', async () => {
    await spec.given([{ ...requested('c1', ['u2', 'u3'], 'r7'), metadata: { occurredAt: T1, actor: 'u1' } }]);
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWERS, 'c1:u2')).toEqual({
      id: 'c1:u2',
      spaceId: 's1',
      changeRequestId: 'c1',
      userId: 'u2',
      requestedBy: 'u1',
      requestedAt: T1,
      revision: 'r7',
    });
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWERS, 'c1:u3')).toMatchObject({ userId: 'u3', requestedBy: 'u1', revision: 'r7' });
  });

  it(
    'lists a change request’s reviewers oldest request first (ties by user), ' + 'paged and counted, apart from other change requests',
    async () => {
      await spec.given(occurred(T1, requested('c1', ['u5', 'u2']), requested('c2', ['u1'])));
      await spec.given(occurred(T2, requested('c1', ['u1'])));
      await spec.given(occurred(T3, requested('c1', ['u4'])));
      expect(await listed('c1')).toEqual({ count: 4, users: ['u2', 'u5', 'u1', 'u4'], next: undefined });
      const first = await read().list('c1', { limit: 3 });
      expect(first.items.map((r) => r.userId)).toEqual(['u2', 'u5', 'u1']);
      const second = await read().list('c1', { limit: 3, after: first.next });
      expect({ count: second.count, users: second.items.map((r) => r.userId), next: second.next }).toEqual({
        count: 4,
        users: ['u4'],
        next: undefined,
      });
      expect(await listed('c2')).toEqual({ count: 1, users: ['u1'], next: undefined });
      expect((await read().ofUsers('c1', ['u4', 'u9', 'u2'])).map((r) => r.id)).toEqual(['c1:u4', 'c1:u2']);
    },
  );

  it('drops a removed reviewer, and makes a new document when they are requested again', async () => {
    await spec.given([{ ...requested('c1', ['u2', 'u3'], 'r1'), metadata: { occurredAt: T1, actor: 'u1' } }]);
    await spec.given(occurred(T2, removed('c1', 'u2')));
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWERS, 'c1:u2')).toBeNull();
    expect(await listed('c1')).toEqual({ count: 1, users: ['u3'], next: undefined });
    await spec.given([{ ...requested('c1', ['u2'], 'r2'), metadata: { occurredAt: T3, actor: 'u9' } }]);
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWERS, 'c1:u2')).toMatchObject({
      requestedBy: 'u9',
      requestedAt: T3,
      revision: 'r2',
    });
    expect(await listed('c1')).toEqual({ count: 2, users: ['u3', 'u2'], next: undefined });
  });

  it('forgets the reviewers of a purged space only', async () => {
    await spec.given(occurred(T1, requested('c1', ['u1', 'u2']), requested('c2', ['u3']), requested('x1', ['u1'], 'r1', 's2')));
    const purged: SpaceEvent = { type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1' } };
    await spec.given(occurred(T2, purged));
    expect(await listed('c1')).toEqual({ count: 0, users: [], next: undefined });
    expect(await listed('c2')).toEqual({ count: 0, users: [], next: undefined });
    expect(await listed('x1')).toEqual({ count: 1, users: ['u1'], next: undefined });
  });
});
