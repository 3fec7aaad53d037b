import { MergeRule, MergeRulesConfiguration } from '@docs/kernel';
import { MergeCandidate, mergeRuleVerdict, requireMergeAllowed } from './merge-rules.domain';
import { ReviewStatus } from './reviews/change-request-review.events';

const rules = (...list: MergeRule[]): MergeRulesConfiguration => ({ type: 'rules', rules: list });
const candidate = (reviews: Record<string, ReviewStatus> = {}, extra: Partial<MergeCandidate> = {}): MergeCandidate => ({
  author: 'ann',
  merger: 'rob',
  subject: 'Fix typos',
  upToDate: true,
  reviews: new Map(Object.entries(reviews)),
  requestedReviewers: new Set(),
  ...extra,
});
const unmetOf = (config: MergeRulesConfiguration, cr: MergeCandidate) => mergeRuleVerdict(config, cr).unmet.map((u) => u.rule);

describe('mergeRuleVerdict', () => {
  it('lets everything merge under none, and under rules that all pass', () => {
    expect(mergeRuleVerdict({ type: 'none' }, candidate())).toEqual({ mergeable: true, unmet: [], bypassed: false });
    expect(mergeRuleVerdict(rules(), candidate())).toEqual({ mergeable: true, unmet: [], bypassed: false });
    expect(mergeRuleVerdict(rules({ rule: 'require_at_least_one_approved_review' }), candidate({ rob: 'approved' })).mergeable).toBe(true);
  });

  it('needs an approval of the current revision by someone other than the author', () => {
    const one = rules({ rule: 'require_at_least_one_approved_review' });
    expect(unmetOf(one, candidate())).toEqual(['require_at_least_one_approved_review']);
    expect(unmetOf(one, candidate({ rob: 'changes-requested' }))).toEqual(['require_at_least_one_approved_review']);
    // The author's own approval never counts (the review decision refuses it; a rule does not count it either).
    expect(unmetOf(one, candidate({ ann: 'approved' }))).toEqual(['require_at_least_one_approved_review']);
    expect(mergeRuleVerdict(one, candidate()).unmet[0]!.message).toMatch(/approval of the current revision/);
  });

  it('counts any review for require_at_least_one_review, never the author', () => {
    const any = rules({ rule: 'require_at_least_one_review' });
    expect(unmetOf(any, candidate({ rob: 'changes-requested' }))).toEqual([]);
    expect(unmetOf(any, candidate({ ann: 'changes-requested' }))).toEqual(['require_at_least_one_review']);
  });

  it('needs every review approved and every requested reviewer to approve for require_all_reviews_approved', () => {
    const all = rules({ rule: 'require_all_reviews_approved' });
    expect(unmetOf(all, candidate())).toEqual([]);
    expect(unmetOf(all, candidate({ rob: 'approved', eve: 'changes-requested' }))).toEqual(['require_all_reviews_approved']);
    const pending = candidate({ rob: 'approved' }, { requestedReviewers: new Set(['rob', 'eve']) });
    expect(mergeRuleVerdict(all, pending).unmet[0]!.message).toMatch(/no review of the current revision yet from eve/);
    expect(unmetOf(all, candidate({ rob: 'approved', eve: 'approved' }, { requestedReviewers: new Set(['rob', 'eve']) }))).toEqual([]);
    // The author requested as a reviewer is not waited for.
    expect(unmetOf(all, candidate({ rob: 'approved' }, { requestedReviewers: new Set(['rob', 'ann']) }))).toEqual([]);
  });

  it('needs the named reviewers, all of them or one of them, the author aside', () => {
    const specific = rules({ rule: 'require_specific_reviewers', users: ['rob', 'eve', 'ann'] });
    expect(mergeRuleVerdict(specific, candidate({ rob: 'approved' })).unmet[0]!.message).toBe(
      'approvals of the current revision are required from eve',
    );
    expect(unmetOf(specific, candidate({ rob: 'approved', eve: 'approved' }))).toEqual([]);
    const oneOf = rules({ rule: 'require_one_of_specific_reviewers', users: ['eve', 'ann'] });
    expect(unmetOf(oneOf, candidate({ rob: 'approved', ann: 'approved' }))).toEqual(['require_one_of_specific_reviewers']);
    expect(unmetOf(oneOf, candidate({ eve: 'approved' }))).toEqual([]);
  });

  it('checks the change request itself: up to date, a subject, merged by its author', () => {
    expect(unmetOf(rules({ rule: 'require_up_to_date_change_request' }), candidate({}, { upToDate: false }))).toEqual([
      'require_up_to_date_change_request',
    ]);
    expect(unmetOf(rules({ rule: 'require_change_request_subject' }), candidate({}, { subject: '  ' }))).toEqual([
      'require_change_request_subject',
    ]);
    const author = rules({ rule: 'require_author_to_merge' });
    expect(unmetOf(author, candidate())).toEqual(['require_author_to_merge']);
    expect(unmetOf(author, candidate({}, { merger: 'ann' }))).toEqual([]);
  });

  it('names every unmet rule, and lets the users of allow_bypass merge anyway', () => {
    const config = rules(
      { rule: 'require_at_least_one_approved_review' },
      { rule: 'require_change_request_subject' },
      { rule: 'allow_bypass', users: ['boss'] },
    );
    const cr = candidate({}, { subject: '' });
    expect(mergeRuleVerdict(config, cr)).toMatchObject({ mergeable: false, bypassed: false });
    expect(unmetOf(config, cr)).toEqual(['require_at_least_one_approved_review', 'require_change_request_subject']);
    expect(mergeRuleVerdict(config, { ...cr, merger: 'boss' })).toMatchObject({ mergeable: true, bypassed: true });
    expect(mergeRuleVerdict(config, candidate({ rob: 'approved' }, { merger: 'boss' }))).toMatchObject({
      mergeable: true,
      bypassed: false,
    });
    expect(() => requireMergeAllowed(config, cr)).toThrow(
      /merge rules are not met: require_at_least_one_approved_review: .*; require_change_request_subject: /,
    );
    expect(() => requireMergeAllowed(config, { ...cr, merger: 'boss' })).not.toThrow();
  });
});
