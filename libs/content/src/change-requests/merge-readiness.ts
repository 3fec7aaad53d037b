import { Injectable } from '@nestjs/common';
import { effectiveMergeRules, MergeRulesConfiguration, NO_MERGE_RULES } from '@docs/kernel';
import { OrganizationDirectory } from '@docs/organizations';
import { everyItem } from '@docs/platform/projections';
import { ChangeRequestDoc } from './change-requests.read-model';
import { MergeCandidate, mergeRuleVerdict, MergeVerdict, UnmetMergeRule } from './merge-rules.domain';
import { changeRequestPermissions } from './change-requests.policy';
import { ChangeRequestReviewsReadModel } from './reviews/change-request-reviews.read-model';
import { SpaceDoc } from '../spaces/reads/spaces.read-model';
import { SpaceView } from '../spaces/space-scope';

/** Whether the caller could merge a change request now (content conflicts aside), and the rules it does not meet yet. */
export interface Mergeability {
  mergeable: boolean;
  unmetRules: UnmetMergeRule[];
  bypassed: boolean;
}

/** A reviewer has at most one current review, so a change request's current reviews are at most its reviewers. */
const PAGE = 200;

/**
 * Merge rules as they apply to a space's change requests, and what a change request needs before a
 * merge, from the read models: the space's rules (or its organization's, when it inherits them),
 * and the current reviews of the change request (merge-rules.domain.ts evaluates them).
 */
@Injectable()
export class MergeReadiness {
  constructor(
    private readonly directory: OrganizationDirectory,
    private readonly reviews: ChangeRequestReviewsReadModel,
  ) {}

  /** The rules the space's change requests follow: its own, or its organization's. */
  async rulesFor(space: SpaceDoc): Promise<MergeRulesConfiguration> {
    const own = space.mergeRules ?? { type: 'inherit' as const };
    const organization = own.type === 'inherit' ? await this.directory.mergeRulesOf(space.organizationId) : NO_MERGE_RULES;
    return effectiveMergeRules(own, organization);
  }

  /** The change request as the rules see it, merged by `merger` onto the space's live revision. */
  async candidate(space: SpaceDoc, cr: ChangeRequestDoc, merger: string): Promise<MergeCandidate> {
    const current = await everyItem((page) => this.reviews.list(cr.id, false, page), PAGE);
    return {
      author: cr.createdBy,
      merger,
      subject: cr.subject,
      upToDate: cr.revisionMergedAncestor === space.revision,
      reviews: new Map(current.filter((r) => r.revision === cr.revision).map((r) => [r.reviewer, r.status])),
      requestedReviewers: new Set(cr.reviewers),
    };
  }

  /**
   * Whether the caller may merge the change request now: they may merge in the space, it is neither
   * merged nor archived, the space is not locked, and the rules let them (content conflicts aside).
   */
  async mergeability({ space, role }: SpaceView, cr: ChangeRequestDoc, caller: string): Promise<Mergeability> {
    const verdict = await this.verdict(space, cr, caller);
    const open = cr.status !== 'merged' && cr.status !== 'archived' && space.editMode !== 'locked';
    return {
      mergeable: open && changeRequestPermissions(role).merge && verdict.mergeable,
      unmetRules: verdict.unmet,
      bypassed: verdict.bypassed,
    };
  }

  /** Whether the rules let `merger` merge the change request now (content conflicts aside). */
  async verdict(space: SpaceDoc, cr: ChangeRequestDoc, merger: string): Promise<MergeVerdict> {
    return mergeRuleVerdict(await this.rulesFor(space), await this.candidate(space, cr, merger));
  }
}
