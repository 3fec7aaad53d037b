import fc from 'fast-check';
import { GivenEvent, occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ChangeRequestEvent } from '../change-request.events';
import { changeRequestsProjection } from '../change-requests.projection';
import { ChangeRequestsReadModel } from '../change-requests.read-model';
import { changeRequestContributorsProjection } from './change-request-contributors.projection';
import { CHANGE_REQUEST_CONTRIBUTORS, ChangeRequestContributorsReadModel } from './change-request-contributors.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const ids = (changeRequestId: string, spaceId = 's1') => ({ changeRequestId, spaceId, organizationId: 'o1' });
const created = (changeRequestId: string, spaceId = 's1'): ChangeRequestEvent => ({
  type: 'ChangeRequestCreated',
  data: { ...ids(changeRequestId, spaceId), number: 1, subject: 'CR', revisionInitial: 'r0' },
});
const edited = (changeRequestId: string, revisionId = 'r1'): ChangeRequestEvent => ({
  type: 'ChangeRequestContentEdited',
  data: { ...ids(changeRequestId), revisionId, parentRevisionId: 'r0', changes: [] },
});
const fromMain = (changeRequestId: string): ChangeRequestEvent => ({
  type: 'ChangeRequestUpdatedFromMain',
  data: { ...ids(changeRequestId), revisionId: 'r9', parents: ['r1', 'r2'], changes: [] },
});
const by = (actor: string, occurredAt: string, event: ChangeRequestEvent): GivenEvent => ({ ...event, metadata: { occurredAt, actor } });

describe('change request contributors projection', () => {
  const spec = projectionSpecPerTest(changeRequestContributorsProjection);
  const read = () => new ChangeRequestContributorsReadModel(spec.readModels);
  const listed = async (changeRequestId: string, limit = 10, after?: string) => {
    const page = await read().list(changeRequestId, { limit, after });
    return { count: page.count, users: page.items.map((c) => [c.userId, c.count, c.updatedAt]), next: page.next };
  };

  it('counts the creator and every editor, each with their last contribution, the most recent first', async () => {
    await spec.given([by('ann', T1, created('c1')), by('bob', T1, created('c2'))]);
    await spec.given([by('bob', T2, edited('c1')), by('ann', T2, edited('c1', 'r2'))]);
    await spec.given([by('bob', T3, edited('c1', 'r3'))]);
    expect(await spec.readModels.get(CHANGE_REQUEST_CONTRIBUTORS, 'c1:ann')).toEqual({
      id: 'c1:ann',
      spaceId: 's1',
      changeRequestId: 'c1',
      userId: 'ann',
      count: 2,
      updatedAt: T2,
      actionType: 'edit',
    });
    expect(await listed('c1')).toEqual({
      count: 2,
      users: [
        ['bob', 2, T3],
        ['ann', 2, T2],
      ],
      next: undefined,
    });
    expect(await listed('c2')).toEqual({ count: 1, users: [['bob', 1, T1]], next: undefined });
  });

  it('pages by an opaque cursor, ties by user', async () => {
    await spec.given([by('u3', T1, created('c1')), by('u1', T1, edited('c1')), by('u2', T1, edited('c1'))]);
    const first = await listed('c1', 2);
    expect(first).toMatchObject({
      count: 3,
      users: [
        ['u3', 1, T1],
        ['u2', 1, T1],
      ],
    });
    expect(await listed('c1', 2, first.next)).toEqual({ count: 3, users: [['u1', 1, T1]], next: undefined });
  });

  it('does not count pulling the live content in, and forgets a purged space', async () => {
    await spec.given([by('ann', T1, created('c1')), by('bob', T2, fromMain('c1')), by('cid', T2, created('c2', 's2'))]);
    expect(await listed('c1')).toEqual({ count: 1, users: [['ann', 1, T1]], next: undefined });
    await spec.given(occurred(T3, { type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1' } }));
    expect(await listed('c1')).toEqual({ count: 0, users: [], next: undefined });
    expect(await listed('c2')).toMatchObject({ count: 1 });
  });
});

/** The contributors list and the `contributor` filter of the change request lists stand on the same facts. */
describe('change request contributors and the contributor filter', () => {
  const contributors = projectionSpecPerTest(changeRequestContributorsProjection);
  const changeRequests = projectionSpecPerTest(changeRequestsProjection);
  const USERS = ['ann', 'bob', 'cid', 'dee'];
  let runs = 0;

  it('name the same users for any creations and edits (property)', async () => {
    const action = fc.record({
      changeRequest: fc.nat(2),
      user: fc.constantFrom(...USERS),
      kind: fc.constantFrom('create', 'edit', 'main'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 12 }), async (actions) => {
        const run = ++runs;
        const crId = (n: number) => `r${run}c${n}`;
        const model = new Map<string, Map<string, number>>();
        const events: GivenEvent[] = [];
        for (const { changeRequest, user, kind } of actions) {
          const id = crId(changeRequest);
          const known = model.get(id);
          if (kind === 'create' && known) continue;
          if (kind !== 'create' && !known) continue;
          if (kind === 'main') events.push(by(user, T2, fromMain(id)));
          else {
            events.push(by(user, T2, kind === 'create' ? created(id) : edited(id)));
            const counts = known ?? new Map<string, number>();
            counts.set(user, (counts.get(user) ?? 0) + 1);
            model.set(id, counts);
          }
        }
        await contributors.given(events);
        await changeRequests.given(events);
        const filter = new ChangeRequestsReadModel(changeRequests.readModels);
        for (const n of [0, 1, 2]) {
          const page = await new ChangeRequestContributorsReadModel(contributors.readModels).list(crId(n), { limit: 10 });
          const expected = [...(model.get(crId(n)) ?? new Map())].sort();
          expect(page.items.map((c) => [c.userId, c.count]).sort()).toEqual(expected);
          for (const user of USERS) {
            const { items } = await filter.list('s1', { status: 'all', person: { role: 'contributor', userId: user } }, 'updatedAt', {
              limit: 100,
            });
            expect(items.some((c) => c.id === crId(n))).toBe(expected.some(([u]) => u === user));
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
