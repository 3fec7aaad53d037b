import { conflict, MergeRule, MergeRuleKind, MergeRulesConfiguration } from '@docs/kernel';
import { ReviewStatus } from './reviews/change-request-review.events';

/** What merge rules are evaluated against: a change request as it stands, and who is merging it. */
export interface MergeCandidate {
  /** Who created the change request: their own reviews never count toward a rule. */
  author: string;
  /** Who is merging it (or asking whether they could). */
  merger: string;
  subject: string;
  /** Its last sync from the live content is the live revision (GitBook: not `outdated`). */
  upToDate: boolean;
  /** Each reviewer's review of the CURRENT revision (reviews of earlier revisions are outdated and left out). */
  reviews: ReadonlyMap<string, ReviewStatus>;
  /** Who is requested to review it. */
  requestedReviewers: ReadonlySet<string>;
}

export interface UnmetMergeRule {
  rule: MergeRuleKind;
  message: string;
}

/** The verdict: every unmet rule, and whether the merger may merge (all rules met, or they may bypass them). */
export interface MergeVerdict {
  mergeable: boolean;
  unmet: UnmetMergeRule[];
  /** The merger bypassed unmet rules (an `allow_bypass` rule names them). */
  bypassed: boolean;
}

const quoted = (users: readonly string[]) => users.join(', ');

/** Why one rule is not met by the candidate (null: it is met; `allow_bypass` is never unmet). */
function unmetReason(rule: MergeRule, cr: MergeCandidate, approvers: ReadonlySet<string>, reviewers: ReadonlySet<string>): string | null {
  switch (rule.rule) {
    case 'require_at_least_one_review':
      return reviewers.size > 0 ? null : 'at least one review of the current revision, by someone other than the author, is required';
    case 'require_at_least_one_approved_review':
      return approvers.size > 0 ? null : 'at least one approval of the current revision, by someone other than the author, is required';
    case 'require_all_reviews_approved': {
      const blocking = [...reviewers].filter((u) => !approvers.has(u));
      const pending = [...cr.requestedReviewers].filter((u) => u !== cr.author && !reviewers.has(u));
      if (blocking.length === 0 && pending.length === 0) return null;
      const parts = [
        ...(blocking.length > 0 ? [`changes requested by ${quoted(blocking)}`] : []),
        ...(pending.length > 0 ? [`no review of the current revision yet from ${quoted(pending)}`] : []),
      ];
      return `every review must approve the current revision: ${parts.join('; ')}`;
    }
    case 'require_specific_reviewers': {
      const missing = rule.users.filter((u) => u !== cr.author && !approvers.has(u));
      return missing.length === 0 ? null : `approvals of the current revision are required from ${quoted(missing)}`;
    }
    case 'require_one_of_specific_reviewers': {
      if (rule.users.some((u) => approvers.has(u))) return null;
      const others = rule.users.filter((u) => u !== cr.author);
      const who = others.length > 0 ? quoted(others) : '(nobody but the author)';
      return `an approval of the current revision is required from one of ${who}`;
    }
    case 'require_up_to_date_change_request':
      return cr.upToDate ? null : 'the change request must be up to date with the live content (update it from main first)';
    case 'require_change_request_subject':
      return cr.subject.trim() !== '' ? null : 'the change request must have a subject';
    case 'require_author_to_merge':
      return cr.merger === cr.author ? null : 'only the author of the change request may merge it';
    case 'allow_bypass':
      return null;
  }
}

/**
 * Evaluates merge rules against a change request (docs/content-design.md, "Merge rules"): every rule
 * must pass, unless an `allow_bypass` rule names the merger. Reviews count only on the current
 * revision and never the author's own; with `none`, everything merges.
 */
export function mergeRuleVerdict(config: MergeRulesConfiguration, cr: MergeCandidate): MergeVerdict {
  if (config.type === 'none') return { mergeable: true, unmet: [], bypassed: false };
  const counted = [...cr.reviews].filter(([reviewer]) => reviewer !== cr.author);
  const reviewers = new Set(counted.map(([reviewer]) => reviewer));
  const approvers = new Set(counted.filter(([, status]) => status === 'approved').map(([reviewer]) => reviewer));
  const unmet = config.rules.flatMap((rule): UnmetMergeRule[] => {
    const message = unmetReason(rule, cr, approvers, reviewers);
    return message === null ? [] : [{ rule: rule.rule, message }];
  });
  const bypass = config.rules.some((r) => r.rule === 'allow_bypass' && r.users.includes(cr.merger));
  const bypassed = unmet.length > 0 && bypass;
  return { mergeable: unmet.length === 0 || bypassed, unmet, bypassed };
}

/** Refuses a merge its verdict does not allow (409 naming every unmet rule). */
export function requireMergeable(verdict: MergeVerdict): void {
  if (!verdict.mergeable) throw conflict(`the merge rules are not met: ${verdict.unmet.map((u) => `${u.rule}: ${u.message}`).join('; ')}`);
}

/** Refuses a merge the rules do not allow. */
export const requireMergeAllowed = (config: MergeRulesConfiguration, cr: MergeCandidate): void =>
  requireMergeable(mergeRuleVerdict(config, cr));
