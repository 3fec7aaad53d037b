import fc from 'fast-check';
import { GivenEvent, occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { CHANGE_REQUEST_STATUSES, ChangeRequestEvent, ChangeRequestStatus } from '../change-request.events';
import { changeRequestsProjection } from '../change-requests.projection';
import { CHANGE_REQUEST_PEOPLE, CHANGE_REQUESTS, ChangeRequestOrder, ChangeRequestRole } from '../change-requests.read-model';
import { SpaceEvent } from '../../spaces/space.events';
import { ChangeRequestPlaces, OrganizationChangeRequestsReadModel } from './organization-change-requests.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const ids = (changeRequestId: string, spaceId: string, organizationId = 'o1') => ({ changeRequestId, spaceId, organizationId });
const created = (changeRequestId: string, spaceId: string, organizationId = 'o1'): ChangeRequestEvent => ({
  type: 'ChangeRequestCreated',
  data: { ...ids(changeRequestId, spaceId, organizationId), number: 1, subject: 'CR', revisionInitial: 'r0' },
});
const status = (changeRequestId: string, spaceId: string, to: ChangeRequestStatus): ChangeRequestEvent => ({
  type: 'ChangeRequestStatusChanged',
  data: { ...ids(changeRequestId, spaceId), status: to, from: 'open' },
});
const merged = (changeRequestId: string, spaceId: string): ChangeRequestEvent => ({
  type: 'ChangeRequestMerged',
  data: { ...ids(changeRequestId, spaceId), revisionMerged: 'r9', from: 'open' },
});
const space = (type: 'SpaceDeleted' | 'SpaceRestored' | 'SpacePurged', spaceId: string, organizationId = 'o1'): SpaceEvent =>
  ({ type, data: { spaceId, organizationId } }) as SpaceEvent;
const transferred = (spaceId: string, to: string): SpaceEvent => ({
  type: 'SpaceTransferred',
  data: { spaceId, organizationId: 'o1', toOrganizationId: to, rank: 'a0', droppedUsers: [], droppedTeams: [] },
});
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

describe("change requests projection: the organization's lists", () => {
  const spec = projectionSpecPerTest(changeRequestsProjection);
  const read = () => new OrganizationChangeRequestsReadModel(spec.readModels);
  const listed = async (
    places: ChangeRequestPlaces,
    statuses: ChangeRequestStatus[] = ['open'],
    person?: { role: ChangeRequestRole; userId: string },
    order: ChangeRequestOrder = 'updatedAt',
  ) => {
    const page = await read().list(places, { statuses, ...(person ? { person } : {}) }, order, { limit: 10 });
    return { count: page.count, ids: page.items.map((c) => c.id) };
  };
  const org = (organizationId: string) => ({ organizationId });

  it('lists a change request in its organization while its space is out of the trash, and follows a transfer', async () => {
    await spec.given([
      ...occurred(T1, created('c1', 's1'), created('c2', 's2')),
      { ...created('c3', 's3', 'o2'), metadata: { occurredAt: T2, actor: 'ann' } },
    ]);
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c1')).toMatchObject({ listedIn: 'o1' });
    expect(await listed(org('o1'))).toEqual({ count: 2, ids: ['c2', 'c1'] });
    await spec.given(occurred(T2, space('SpaceDeleted', 's1')));
    expect(await listed(org('o1'))).toEqual({ count: 1, ids: ['c2'] });
    expect(await spec.readModels.get(CHANGE_REQUEST_PEOPLE, 'c1:creator:test-actor')).toMatchObject({ listedIn: null });
    await spec.given(occurred(T2, space('SpaceRestored', 's1')));
    expect(await listed(org('o1'))).toEqual({ count: 2, ids: ['c2', 'c1'] });
    await spec.given(occurred(T2, transferred('s2', 'o2')));
    expect(await listed(org('o1'))).toEqual({ count: 1, ids: ['c1'] });
    expect(await listed(org('o2'))).toEqual({ count: 2, ids: ['c3', 'c2'] });
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c2')).toMatchObject({ organizationId: 'o2', listedIn: 'o2' });
    expect(await listed(org('o2'), ['open'], { role: 'creator', userId: 'test-actor' })).toEqual({ count: 1, ids: ['c2'] });
    // A space transferred from the trash stays out of the lists (restoring it lists it in its new organization).
    await spec.given(occurred(T2, space('SpaceDeleted', 's1'), transferred('s1', 'o2')));
    expect(await listed(org('o2'))).toEqual({ count: 2, ids: ['c3', 'c2'] });
    await spec.given(occurred(T2, space('SpacePurged', 's1')));
    expect(await spec.readModels.get(CHANGE_REQUESTS, 'c1')).toMatchObject({ organizationId: 'o2', listedIn: null });
  });

  it('merges the ranges of several statuses and spaces in order, paged by one cursor', async () => {
    await spec.given([
      { ...created('a', 's1'), metadata: { occurredAt: at(1) } },
      { ...created('b', 's2'), metadata: { occurredAt: at(2) } },
      { ...created('c', 's1'), metadata: { occurredAt: at(3) } },
      { ...created('d', 's2'), metadata: { occurredAt: at(4) } },
      { ...status('b', 's2', 'draft'), metadata: { occurredAt: at(5) } },
      { ...status('a', 's1', 'archived'), metadata: { occurredAt: at(6) } },
    ]);
    expect(await listed(org('o1'), ['open', 'draft'])).toEqual({ count: 3, ids: ['b', 'd', 'c'] });
    expect(await listed(org('o1'), [...CHANGE_REQUEST_STATUSES])).toEqual({ count: 4, ids: ['a', 'b', 'd', 'c'] });
    expect(await listed(org('o1'), ['open', 'archived'], undefined, 'createdAt')).toEqual({ count: 3, ids: ['d', 'c', 'a'] });
    expect(await listed({ spaceIds: ['s1', 's2'] }, ['open', 'draft', 'archived'])).toEqual({ count: 4, ids: ['a', 'b', 'd', 'c'] });
    expect(await listed({ spaceIds: ['s2'] }, ['merged', 'draft'])).toEqual({ count: 1, ids: ['b'] });
    expect(await listed({ spaceIds: [] }, ['open'])).toEqual({ count: 0, ids: [] });
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await read().list({ spaceIds: ['s1', 's2'] }, { statuses: ['open', 'archived', 'draft'] }, 'updatedAt', {
        limit: 1,
        after,
      });
      expect(page.count).toBe(4);
      seen.push(...page.items.map((c) => c.id));
      after = page.next;
    } while (after);
    expect(seen).toEqual(['a', 'b', 'd', 'c']);
  });
});

/** Any change requests, any filters: the list is the filter applied to what was created, in order, page after page. */
describe('organization change request lists (property)', () => {
  const spec = projectionSpecPerTest(changeRequestsProjection);
  const USERS = ['ann', 'bob', 'cid'];
  const SPACES = ['s1', 's2', 's3'];
  let runs = 0;

  it('equal the filters applied in memory', async () => {
    const changeRequest = fc.record({
      space: fc.constantFrom(...SPACES),
      creator: fc.constantFrom(...USERS),
      status: fc.constantFrom(...CHANGE_REQUEST_STATUSES),
      second: fc.nat(5),
    });
    const query = fc.record({
      statuses: fc.uniqueArray(fc.constantFrom(...CHANGE_REQUEST_STATUSES), { minLength: 1 }),
      creator: fc.option(fc.constantFrom(...USERS), { nil: undefined }),
      places: fc.option(fc.subarray(SPACES), { nil: undefined }),
      order: fc.constantFrom<ChangeRequestOrder>('updatedAt', 'createdAt'),
      limit: fc.integer({ min: 1, max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(changeRequest, { maxLength: 10 }), query, async (crs, q) => {
        const org = `o${++runs}`;
        const events: GivenEvent[] = crs.flatMap((cr, i) => {
          const id = `${org}-c${i}`;
          const spaceId = `${org}-${cr.space}`;
          const made: GivenEvent = { ...created(id, spaceId, org), metadata: { occurredAt: at(cr.second), actor: cr.creator } };
          const then = cr.status === 'merged' ? merged(id, spaceId) : status(id, spaceId, cr.status);
          return cr.status === 'open' ? [made] : [made, { ...then, metadata: { occurredAt: at(10 + cr.second) } }];
        });
        await spec.given(events);
        const docs = crs.map((cr, i) => ({
          id: `${org}-c${i}`,
          ...cr,
          createdAt: at(cr.second),
          updatedAt: cr.status === 'open' ? at(cr.second) : at(10 + cr.second),
        }));
        const expected = docs
          .filter((d) => q.statuses.includes(d.status) && (q.creator === undefined || d.creator === q.creator))
          .filter((d) => q.places === undefined || q.places.includes(d.space))
          .sort((a, b) => b[q.order].localeCompare(a[q.order]) || b.id.localeCompare(a.id))
          .map((d) => d.id);
        const places: ChangeRequestPlaces =
          q.places === undefined ? { organizationId: org } : { spaceIds: q.places.map((s) => `${org}-${s}`) };
        const filters = { statuses: q.statuses, ...(q.creator ? { person: { role: 'creator' as const, userId: q.creator } } : {}) };
        const read = new OrganizationChangeRequestsReadModel(spec.readModels);
        const seen: string[] = [];
        let after: string | undefined;
        for (let pages = 0; pages <= expected.length; pages++) {
          const page = await read.list(places, filters, q.order, { limit: q.limit, after });
          expect(page.count).toBe(expected.length);
          seen.push(...page.items.map((c) => c.id));
          after = page.next;
          if (!after) break;
        }
        expect(seen).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
