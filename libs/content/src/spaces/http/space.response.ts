import { ROLES, SpaceMergeRulesConfiguration } from '@docs/kernel';
import { mergeRulesSchema } from '@docs/organizations';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiTimestampedObject, Count, Permissions, Urls } from '@docs/platform';
import { EDIT_MODES } from '../space.events';
import { GitSyncStateResponse } from '../../git-sync/git-sync.response';
import { ParentCollectionProperty } from '../../collections/collection.response';

export const SPACE_VISIBILITIES = ['private', 'in-collection'] as const;

export class SpaceUrls extends Urls({ app: 'URL of the space in the application' }) {}

/** The caller's permissions on a space, from their effective role (docs/content-design.md, "Roles and permissions"). */
export class SpacePermissions extends Permissions({
  view: 'Can the caller view the space content (read or more)',
  access: 'Can the caller access the space in the application (read or more)',
  admin: 'Can the caller change, move, transfer and delete the space and its permissions (admin)',
  viewInviteLinks: 'Can the caller view the invite links of the space (admin)',
  edit: 'Can the caller edit the content through change requests (edit or more)',
  triggerGitSync: 'Can the caller trigger a git sync (never: no git sync here)',
  comment: 'Can the caller comment on the content (comment or more)',
  merge: 'Can the caller merge change requests (review or more)',
  review: 'Can the caller review change requests (review or more)',
  installIntegration: 'Can the caller install integrations in the space (admin)',
}) {}

/** GitBook's Space (SpacesPresenter.space). */
export class SpaceResponse extends ApiTimestampedObject('space', { description: 'Unique identifier for the space' }) {
  @ApiProperty({ type: String, maxLength: 50, description: 'Title of the space' })
  title!: string;

  @ApiProperty({ type: String, maxLength: 50, description: 'Emoji of the space; "" when none' })
  emoji!: string;

  @ApiProperty({
    type: String,
    enum: SPACE_VISIBILITIES,
    description:
      'private: authorized members; in-collection: a space of a collection that takes its access from the ' +
      'collection (defaultLevel inherit)',
  })
  visibility!: (typeof SPACE_VISIBILITIES)[number];

  @ApiProperty({ type: String, enum: EDIT_MODES, description: 'live: edits allowed; locked: every edit refused' })
  editMode!: (typeof EDIT_MODES)[number];

  @ApiProperty({ ...mergeRulesSchema(true), description: "The space's own merge rules, or inherit: its organization's apply" })
  mergeRules!: SpaceMergeRulesConfiguration;

  @ApiProperty({ type: () => SpaceUrls })
  urls!: SpaceUrls;

  @ApiProperty({ type: String, description: 'ID of the organization owning the space' })
  organization!: string;

  @ParentCollectionProperty()
  parent?: string;

  @ApiProperty({ type: String, description: 'ID of the live revision' })
  revision!: string;

  @ApiProperty({
    type: String,
    enum: [...ROLES, 'inherit'],
    nullable: true,
    description: "The role organization members (not guests) get in the space; null: none; inherit: the parent collection's",
  })
  defaultLevel!: string | null;

  @Count('open comments')
  comments!: number;

  @Count('change requests (any status)')
  changeRequests!: number;

  @Count('open change requests')
  changeRequestsOpen!: number;

  @Count('draft change requests')
  changeRequestsDraft!: number;

  @ApiPropertyOptional({ type: () => GitSyncStateResponse, description: 'The last git sync (exportToGitRepository, importGitRepository)' })
  gitSync?: GitSyncStateResponse;

  @ApiProperty({ type: () => SpacePermissions })
  permissions!: SpacePermissions;
}

/** GitBook's MemberContentPermission (SpacesPresenter.memberSpace): GET .../members/{userId}/spaces items. */
export class MemberSpaceResponse {
  @ApiProperty({ type: String, enum: ROLES, description: "The member's effective role in the space" })
  permission!: (typeof ROLES)[number];

  @ApiProperty({ type: () => SpaceResponse, description: "The space, with the caller's permissions" })
  space!: SpaceResponse;
}
