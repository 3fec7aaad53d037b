import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiTimestampedObject, Count, OptionalDateTime, Urls } from '@docs/platform';
import { UserResponse } from '@docs/organizations';
import { PLAIN_MERGE_RULES, USER_MERGE_RULES } from '@docs/kernel';
import { CHANGE_REQUEST_STATUSES } from '../change-request.events';

export class ChangeRequestUrls extends Urls({ app: 'URL of the change request in the application' }) {}

/** A merge rule the change request does not meet yet. */
export class UnmetMergeRuleResponse {
  @ApiProperty({ type: String, enum: [...USER_MERGE_RULES, ...PLAIN_MERGE_RULES], description: "The rule (GitBook's MergeRule kind)" })
  rule!: string;

  @ApiProperty({ type: String, description: 'What the rule still needs' })
  message!: string;
}

/** Whether the caller could merge the change request now (an extension: GitBook's ChangeRequest has no such field). */
export class ChangeRequestMergeability {
  @ApiProperty({
    type: Boolean,
    description:
      'The caller may merge it now: they may merge in the space, it is neither merged nor archived, the space is not locked, and ' +
      'the merge rules let them (content conflicts, found only by merging, aside)',
  })
  mergeable!: boolean;

  @ApiProperty({
    type: () => UnmetMergeRuleResponse,
    isArray: true,
    description: "The merge rules it does not meet yet (the space's, or its organization's), against the reviews of its current revision",
  })
  unmetRules!: UnmetMergeRuleResponse[];

  @ApiProperty({ type: Boolean, description: 'The caller may merge despite unmet rules (an allow_bypass rule names them)' })
  bypassed!: boolean;
}

/** GitBook's ChangeRequest (ChangeRequestsPresenter.changeRequest). */
export class ChangeRequestResponse extends ApiTimestampedObject('change-request', {
  description: 'Unique identifier for the change request (never all digits)',
}) {
  @ApiProperty({ type: Number, description: 'Incremental identifier of the change request in its space, from 1' })
  number!: number;

  @ApiProperty({ type: String, enum: CHANGE_REQUEST_STATUSES })
  status!: (typeof CHANGE_REQUEST_STATUSES)[number];

  @ApiProperty({ type: String, minLength: 0, maxLength: 100, description: 'Subject of the change request' })
  subject!: string;

  @ApiProperty({ type: () => UserResponse, description: 'Who created the change request' })
  createdBy!: UserResponse;

  @ApiPropertyOptional({ type: () => UserResponse, description: 'Who merged the change request; only once merged' })
  mergedBy?: UserResponse;

  @OptionalDateTime('When the change request was merged; only once merged')
  mergedAt?: string;

  @ApiProperty({ type: String, description: 'ID of the space of the change request' })
  space!: string;

  @ApiProperty({ type: String, description: 'ID of the active revision of the change request' })
  revision!: string;

  @ApiProperty({ type: String, description: 'ID of the live revision the change request was created from' })
  revisionInitial!: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the live revision at the last update from the main content' })
  revisionMergedAncestor?: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the revision the merge produced; only once merged' })
  revisionMerged?: string;

  @Count('open comments on the change request')
  comments!: number;

  @ApiProperty({ type: Boolean, description: 'Whether the live content moved since the change request last synced from it' })
  outdated!: boolean;

  @ApiProperty({ type: () => ChangeRequestUrls })
  urls!: ChangeRequestUrls;

  @ApiPropertyOptional({
    type: () => ChangeRequestMergeability,
    description:
      "Whether the caller could merge it now; only when reading one change request (an extension: GitBook's ChangeRequest has none)",
  })
  mergeability?: ChangeRequestMergeability;
}
