import fc from 'fast-check';
import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ChangeRequestEvent } from '../change-request.events';
import { SpaceEvent } from '../../spaces/space.events';
import { ReviewStatus } from './change-request-review.events';
import { changeRequestReviewsProjection } from './change-request-reviews.projection';
import { CHANGE_REQUEST_REVIEWS, ChangeRequestReviewsReadModel } from './change-request-reviews.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const ids = (changeRequestId: string, spaceId = 's1') => ({ changeRequestId, spaceId, organizationId: 'o1' });
const stream = (changeRequestId: string) => `changeRequest-${changeRequestId}`;
/** A review by `actor`, at `occurredAt`, appended to the change request's stream. */
const reviewed = (
  changeRequestId: string,
  reviewId: string,
  actor: string,
  occurredAt: string,
  { status = 'approved' as ReviewStatus, revision = 'r1', requestedBy = undefined as string | undefined, spaceId = 's1' } = {},
) => ({
  type: 'ChangeRequestReviewSubmitted' as const,
  data: { ...ids(changeRequestId, spaceId), reviewId, status, revision, ...(requestedBy !== undefined ? { requestedBy } : {}) },
  stream: stream(changeRequestId),
  metadata: { occurredAt, actor },
});
const edited = (changeRequestId: string, revisionId: string): ChangeRequestEvent => ({
  type: 'ChangeRequestContentEdited',
  data: { ...ids(changeRequestId), revisionId, parentRevisionId: 'r1', changes: [] },
});

describe('change request reviews projection', () => {
  const spec = projectionSpecPerTest(changeRequestReviewsProjection);
  const read = () => new ChangeRequestReviewsReadModel(spec.readModels);
  const listed = async (changeRequestId: string, outdated?: boolean, limit = 10) => {
    const page = await read().list(changeRequestId, outdated, { limit });
    return { count: page.count, reviews: page.items.map((r) => r.id), next: page.next };
  };

  it('keeps one document per review: who, when, which revision, what status, at whose request', async () => {
    await spec.given([reviewed('c1', 'rv1', 'u2', T1, { status: 'changes-requested', revision: 'r7', requestedBy: 'u1' })]);
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rv1')).toEqual({
      id: 'rv1',
      spaceId: 's1',
      changeRequestId: 'c1',
      reviewer: 'u2',
      requestedBy: 'u1',
      status: 'changes-requested',
      revision: 'r7',
      outdated: false,
      createdAt: T1,
      sequence: 0,
      updatedAt: T1,
    });
    expect(await read().review('c1', 'rv1')).toMatchObject({ id: 'rv1' });
    expect(await read().review('c2', 'rv1')).toBeNull();
  });

  it('outdates every current review when the change request gets a new revision, and only those of that change request', async () => {
    await spec.given([reviewed('c1', 'rv1', 'u1', T1), reviewed('c1', 'rv2', 'u2', T1), reviewed('c2', 'rv3', 'u1', T1)]);
    await spec.given([...occurred(T2, edited('c1', 'r2')).map((e) => ({ ...e, stream: stream('c1') }))]);
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rv1')).toMatchObject({ outdated: true, updatedAt: T2, createdAt: T1 });
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rv2')).toMatchObject({ outdated: true, updatedAt: T2 });
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rv3')).toMatchObject({ outdated: false, updatedAt: T1 });
    await spec.given([reviewed('c1', 'rv4', 'u1', T3, { revision: 'r2' })]);
    // An update from the live content is a new revision too; outdated reviews keep when they became so.
    const updated: ChangeRequestEvent = {
      type: 'ChangeRequestUpdatedFromMain',
      data: { ...ids('c1'), revisionId: 'r3', parents: ['r2', 'live'], changes: [] },
    };
    await spec.given([{ ...updated, stream: stream('c1'), metadata: { occurredAt: '2026-01-04T00:00:00.000Z' } }]);
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rv4')).toMatchObject({
      outdated: true,
      updatedAt: '2026-01-04T00:00:00.000Z',
    });
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rv1')).toMatchObject({ updatedAt: T2 });
  });

  it("outdates a reviewer's previous review when they review again, even in the same instant; the latest is theirs", async () => {
    await spec.given([reviewed('c1', 'rvB', 'u1', T1, { status: 'changes-requested' }), reviewed('c1', 'rvA', 'u1', T1)]);
    await spec.given([reviewed('c1', 'rvC', 'u2', T1)]);
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rvB')).toMatchObject({ outdated: true });
    expect(await spec.readModels.get(CHANGE_REQUEST_REVIEWS, 'rvA')).toMatchObject({ outdated: false });
    const latest = await read().latestOf('c1', ['u1', 'u2', 'u3', 'u1']);
    expect([...latest].map(([user, doc]) => [user, doc.id])).toEqual([
      ['u1', 'rvA'],
      ['u2', 'rvC'],
    ]);
  });

  it('lists a change request’s reviews oldest first (ties by id), paged and counted, filtered by outdated', async () => {
    await spec.given([reviewed('c1', 'rv3', 'u3', T1), reviewed('c1', 'rv1', 'u1', T1), reviewed('c2', 'x', 'u1', T1)]);
    await spec.given([...occurred(T2, edited('c1', 'r2')).map((e) => ({ ...e, stream: stream('c1') }))]);
    await spec.given([reviewed('c1', 'rv2', 'u2', T3, { revision: 'r2' })]);
    expect(await listed('c1')).toEqual({ count: 3, reviews: ['rv1', 'rv3', 'rv2'], next: undefined });
    expect(await listed('c1', true)).toEqual({ count: 2, reviews: ['rv1', 'rv3'], next: undefined });
    expect(await listed('c1', false)).toEqual({ count: 1, reviews: ['rv2'], next: undefined });
    const first = await read().list('c1', undefined, { limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual(['rv1', 'rv3']);
    const second = await read().list('c1', undefined, { limit: 2, after: first.next });
    expect({ count: second.count, reviews: second.items.map((r) => r.id), next: second.next }).toEqual({
      count: 3,
      reviews: ['rv2'],
      next: undefined,
    });
    expect(await listed('c2')).toEqual({ count: 1, reviews: ['x'], next: undefined });
  });

  it('forgets the reviews of a purged space only', async () => {
    await spec.given([reviewed('c1', 'rv1', 'u1', T1), reviewed('x1', 'rv2', 'u1', T1, { spaceId: 's2' })]);
    const purged: SpaceEvent = { type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1' } };
    await spec.given(occurred(T2, purged));
    expect(await listed('c1')).toEqual({ count: 0, reviews: [], next: undefined });
    expect(await listed('x1')).toEqual({ count: 1, reviews: ['rv2'], next: undefined });
  });

  it('marks outdated exactly the reviews followed by a new revision or by a later review of the same reviewer (property)', async () => {
    type Step = { kind: 'review'; reviewer: string; status: ReviewStatus } | { kind: 'edit' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('review' as const),
        reviewer: fc.constantFrom('u1', 'u2', 'u3'),
        status: fc.constantFrom(...(['approved', 'changes-requested'] as const)),
      }),
      fc.constant({ kind: 'edit' as const }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const cr = `p${++run}`;
        const expected = new Map<string, boolean>();
        const current = new Map<string, string>();
        const latest = new Map<string, string>();
        const events = steps.map((s, i) => {
          if (s.kind === 'edit') {
            for (const id of current.values()) expected.set(id, true);
            current.clear();
            return { ...edited(cr, `r${i}`), stream: stream(cr), metadata: { occurredAt: T1 } };
          }
          const id = `${cr}-rv${i}`;
          const previous = current.get(s.reviewer);
          if (previous) expected.set(previous, true);
          current.set(s.reviewer, id);
          latest.set(s.reviewer, id);
          expected.set(id, false);
          return reviewed(cr, id, s.reviewer, T1, { status: s.status });
        });
        await spec.given(events);
        const page = await read().list(cr, undefined, { limit: 100 });
        expect(new Map(page.items.map((d) => [d.id, d.outdated]))).toEqual(expected);
        expect((await read().list(cr, false, { limit: 100 })).count).toBe(current.size);
        const latestOf = await read().latestOf(cr, ['u1', 'u2', 'u3']);
        expect(new Map([...latestOf].map(([u, d]) => [u, d.id]))).toEqual(latest);
      }),
      { numRuns: 25 },
    );
  });
});
