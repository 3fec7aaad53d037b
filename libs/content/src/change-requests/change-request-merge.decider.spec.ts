import { MergeRulesConfiguration, Role } from '@docs/kernel';
import { deciderSpec, recorded } from '@docs/kernel/testing';
import { ChangeRequestCommand, ChangeRequestFacts, changeRequestAggregate } from './change-request.decider';
import { ChangeRequestEvent } from './change-request.events';

/** A merge decided on the change request's own stream: the rules read its current reviews, never outdated ones. */
const ids = { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1' };
const by = (actor: string, event: ChangeRequestEvent) => recorded(event, { actor });
const created = by('ann', { type: 'ChangeRequestCreated', data: { ...ids, number: 1, subject: 'Fix typos', revisionInitial: 'r0' } });
const review = (actor: string, status: 'approved' | 'changes-requested', revision: string) =>
  by(actor, { type: 'ChangeRequestReviewSubmitted', data: { ...ids, reviewId: `rv-${actor}-${revision}`, status, revision } });
const edited = (revisionId: string, parentRevisionId: string) =>
  by('ann', { type: 'ChangeRequestContentEdited', data: { ...ids, revisionId, parentRevisionId, changes: [] } });
const oneApproval: MergeRulesConfiguration = { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] };
const merge: ChangeRequestCommand = { type: 'MergeChangeRequest', revisionMerged: 'r9', onto: 'r0' };
const facts = (revision: string, caller = 'rob', role: Role = 'review', mergeRules = oneApproval): ChangeRequestFacts => ({
  role,
  locked: false,
  revision,
  caller,
  mergeRules,
});
const merged = (): ChangeRequestEvent[] => [{ type: 'ChangeRequestMerged', data: { ...ids, revisionMerged: 'r9', from: 'open' } }];
const cr = deciderSpec(changeRequestAggregate);

describe('change request decider: merge rules', () => {
  it('merges once the current revision is approved', () => {
    cr.given([created, review('eve', 'approved', 'r0')])
      .when(merge, facts('r0'))
      .then(merged());
  });

  it('refuses (409, naming the rule) when the only approval is of an earlier revision', () => {
    cr.given([created, review('eve', 'approved', 'r0'), edited('r1', 'r0')])
      .when(merge, facts('r1'))
      .thenFails('conflict', /merge rules are not met: require_at_least_one_approved_review/);
    cr.given([created, review('eve', 'approved', 'r0'), edited('r1', 'r0'), review('rob', 'approved', 'r1')])
      .when(merge, facts('r1'))
      .then(merged());
  });

  it("takes a reviewer's latest review: an approval then a change request blocks", () => {
    cr.given([created, review('eve', 'approved', 'r0'), review('eve', 'changes-requested', 'r0')])
      .when(merge, facts('r0'))
      .thenFails('conflict', /require_at_least_one_approved_review/);
  });

  it('checks the rules after the permission: an editor is refused for the role, not the rules', () => {
    cr.given([created])
      .when(merge, facts('r0', 'rob', 'edit'))
      .thenFails('forbidden', /review/);
  });

  it('compares the last sync with the live revision merged onto (require_up_to_date_change_request)', () => {
    const upToDate: MergeRulesConfiguration = { type: 'rules', rules: [{ rule: 'require_up_to_date_change_request' }] };
    cr.given([created])
      .when({ type: 'MergeChangeRequest', revisionMerged: 'r9', onto: 'r5' }, facts('r0', 'rob', 'review', upToDate))
      .thenFails('conflict', /up to date/);
    cr.given([created])
      .when(merge, facts('r0', 'rob', 'review', upToDate))
      .then(merged());
  });
});
