import { DomainEvent } from '@docs/platform';

/**
 * The content context's events the sites projection follows, as they are written to the log (type
 * strings and the data fields read here; content's `domain/space.ts` and `domain/change-request.ts`).
 * Content's public index does not export its event types yet: when it does, these become
 * `import type { ... } from '@docs/content'` (docs/sites-design.md, "What content should export").
 */
type SpaceIds = { spaceId: string; organizationId: string };

export type ContentSpaceCreated = DomainEvent<
  'SpaceCreated',
  SpaceIds & { title: string; emoji: string; editMode: string; defaultLevel: string | null; parent: string | null; revisionId: string }
>;
export type ContentSpaceUpdated = DomainEvent<'SpaceUpdated', SpaceIds & { changes: { title?: string; emoji?: string; editMode?: string; defaultLevel?: string | null } }>;
export type ContentSpaceDeleted = DomainEvent<'SpaceDeleted', SpaceIds>;
export type ContentSpaceRestored = DomainEvent<'SpaceRestored', SpaceIds>;
export type ContentSpacePurged = DomainEvent<'SpacePurged', SpaceIds>;
export type ContentSpaceMoved = DomainEvent<'SpaceMoved', SpaceIds & { parent: string | null }>;
export type ContentSpaceTransferred = DomainEvent<'SpaceTransferred', SpaceIds & { toOrganizationId: string }>;
export type ContentLiveContentChanged = DomainEvent<'LiveContentChanged', SpaceIds & { revisionId: string }>;
export type ContentChangeRequestCreated = DomainEvent<'ChangeRequestCreated', SpaceIds>;
export type ContentChangeRequestStatusChanged = DomainEvent<'ChangeRequestStatusChanged', SpaceIds & { status: string; from: string }>;
export type ContentChangeRequestMerged = DomainEvent<'ChangeRequestMerged', SpaceIds & { from: string }>;

export type ContentSpaceEvent =
  | ContentSpaceCreated
  | ContentSpaceUpdated
  | ContentSpaceDeleted
  | ContentSpaceRestored
  | ContentSpacePurged
  | ContentSpaceMoved
  | ContentSpaceTransferred
  | ContentLiveContentChanged
  | ContentChangeRequestCreated
  | ContentChangeRequestStatusChanged
  | ContentChangeRequestMerged;
