import { Role } from '@docs/kernel';
import { deciderSpec, recorded } from '@docs/kernel/testing';
import { ChangeRequestCommand, ChangeRequestFacts, changeRequestAggregate } from '../change-request.decider';
import { ChangeRequestEvent } from '../change-request.events';
import { ReviewStatus } from './change-request-review.events';

const ids = { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1' };
const cr = deciderSpec(changeRequestAggregate);
const as = (actor: string, event: ChangeRequestEvent, revision: number) => recorded(event, { actor }, revision);
const created = as('author', { type: 'ChangeRequestCreated', data: { ...ids, number: 1, subject: 'Fix', revisionInitial: 'r0' } }, 0);
const requested = (userIds: string[], by = 'lead', revision = 1) =>
  as(by, { type: 'ReviewersRequested', data: { ...ids, userIds, revision: 'r0' } }, revision);
const edited = (revisionId: string, revision: number) =>
  as('author', { type: 'ChangeRequestContentEdited', data: { ...ids, revisionId, parentRevisionId: 'r0', changes: [] } }, revision);
const review = (status: ReviewStatus, reviewId = 'rv1'): ChangeRequestCommand => ({ type: 'SubmitChangeRequestReview', reviewId, status });
const by = (caller: string, role: Role | null): ChangeRequestFacts => ({ role, locked: false, caller });
const submitted = (status: ReviewStatus, revision: string, requestedBy?: string): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted',
  data: { ...ids, reviewId: 'rv1', status, revision, ...(requestedBy !== undefined ? { requestedBy } : {}) },
});

describe('change request reviews (decider)', () => {
  it('records a review of the current revision by the review role or more, without a request', () => {
    cr.given([created])
      .when(review('approved'), by('rex', 'review'))
      .then([submitted('approved', 'r0')]);
    cr.given([created, edited('r1', 1)])
      .when(review('changes-requested'), by('ada', 'admin'))
      .then([submitted('changes-requested', 'r1')]);
  });

  it('lets a requested reviewer review with any role that sees the space, naming who requested it', () => {
    cr.given([created, requested(['rita'])])
      .when(review('approved'), by('rita', 'read'))
      .then([submitted('approved', 'r0', 'lead')]);
    // A withdrawn request no longer lets them.
    const removed = as('lead', { type: 'ReviewerRemoved', data: { ...ids, userId: 'rita' } }, 2);
    cr.given([created, requested(['rita']), removed])
      .when(review('approved'), by('rita', 'read'))
      .thenFails('forbidden', /submitting a review without a review request needs the review role/);
    // Requested again, by someone else: the new requester.
    cr.given([created, requested(['rita']), removed, requested(['rita'], 'boss', 3)])
      .when(review('approved'), by('rita', 'read'))
      .then([submitted('approved', 'r0', 'boss')]);
  });

  it('refuses editors and readers never requested (403), and callers who cannot see the space (404)', () => {
    cr.given([created])
      .when(review('approved'), by('eddie', 'edit'))
      .thenFails('forbidden', /needs the review role/);
    cr.given([created])
      .when(review('changes-requested'), by('rita', 'read'))
      .thenFails('forbidden', /needs the review role/);
    cr.given([created])
      .when(review('approved'), by('oscar', null))
      .thenFails('not_found', /space not found/);
    cr.given([created, requested(['oscar'])])
      .when(review('approved'), by('oscar', null))
      .thenFails('not_found', /space not found/);
  });

  it("never lets the change request's author approve it, even with every role or a request; they may request changes", () => {
    cr.given([created])
      .when(review('approved'), by('author', 'admin'))
      .thenFails('forbidden', /author cannot approve their own/);
    cr.given([created, requested(['author'])])
      .when(review('approved'), by('author', 'admin'))
      .thenFails('forbidden', /status: /);
    cr.given([created])
      .when(review('changes-requested'), by('author', 'admin'))
      .then([submitted('changes-requested', 'r0')]);
  });

  it('refuses reviews of merged and archived change requests (409), and of unknown ones (404)', () => {
    const merged = as('ada', { type: 'ChangeRequestMerged', data: { ...ids, revisionMerged: 'r9', from: 'open' } }, 1);
    cr.given([created, merged])
      .when(review('approved'), by('rex', 'review'))
      .thenFails('conflict', /merged: reviewing is not possible/);
    const archived = as('ada', { type: 'ChangeRequestStatusChanged', data: { ...ids, status: 'archived', from: 'open' } }, 1);
    cr.given([created, archived])
      .when(review('approved'), by('rex', 'review'))
      .thenFails('conflict', /archived/);
    const draft = as('ada', { type: 'ChangeRequestStatusChanged', data: { ...ids, status: 'draft', from: 'open' } }, 1);
    cr.given([created, draft])
      .when(review('approved'), by('rex', 'review'))
      .then([submitted('approved', 'r0')]);
    cr.given([])
      .when(review('approved'), by('rex', 'review'))
      .thenFails('not_found', /change request not found/);
  });

  it('is decided against the revision an update from the live content made', () => {
    const updated = as(
      'author',
      { type: 'ChangeRequestUpdatedFromMain', data: { ...ids, revisionId: 'r2', parents: ['r0', 'live1'], changes: [] } },
      1,
    );
    cr.given([created, updated])
      .when(review('approved'), by('rex', 'review'))
      .then([submitted('approved', 'r2')]);
  });
});

describe('change request reviews (state)', () => {
  it("keeps each reviewer's latest review of the current revision, and forgets them all at a new revision", () => {
    const reviewedBy = (actor: string, status: ReviewStatus, revision: number) =>
      as(actor, { type: 'ChangeRequestReviewSubmitted', data: { ...ids, reviewId: `rv${revision}`, status, revision: 'r0' } }, revision);
    const state = cr
      .given([created, reviewedBy('rex', 'changes-requested', 1), reviewedBy('ria', 'approved', 2), reviewedBy('rex', 'approved', 3)])
      .state();
    expect([...state.reviews]).toEqual([
      ['rex', 'approved'],
      ['ria', 'approved'],
    ]);
    expect(cr.given([created, reviewedBy('rex', 'approved', 1), edited('r1', 2)]).state().reviews.size).toBe(0);
    const updated = as(
      'author',
      { type: 'ChangeRequestUpdatedFromMain', data: { ...ids, revisionId: 'r2', parents: ['r0', 'l1'], changes: [] } },
      2,
    );
    expect(cr.given([created, reviewedBy('rex', 'approved', 1), updated]).state().reviews.size).toBe(0);
    expect(
      cr.given([created, reviewedBy('rex', 'approved', 1), edited('r1', 2), reviewedBy('ria', 'changes-requested', 3)]).state().reviews,
    ).toEqual(new Map([['ria', 'changes-requested']]));
  });
});
