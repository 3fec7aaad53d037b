import { ROLES, Role } from '@docs/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, Permissions, Urls } from '@docs/platform';

/** Where a space or collection sits: the collection it is in, if any. */
export const ParentCollectionProperty = () =>
  ApiPropertyOptional({ type: String, description: 'ID of the parent collection; absent at the top level' });

export class CollectionUrls extends Urls({ app: 'URL of the collection in the application' }) {}

export class CollectionPermissions extends Permissions({
  view: 'Can the caller view the collection (organization members with a role)',
  admin: 'Can the caller change, move and delete the collection (organization admins)',
  viewInviteLinks: 'Can the caller view the invite links of the collection (organization admins)',
  create: 'Can the caller create spaces and collections in the collection (organization role create or admin)',
}) {}

/** GitBook's Collection (CollectionsPresenter.collection). */
export class CollectionResponse extends ApiObject('collection', { description: 'Unique identifier for the collection' }) {
  @ApiProperty({ type: String, maxLength: 50, description: 'Title of the collection' })
  title!: string;

  @ApiProperty({ type: String, maxLength: 100, description: 'Description of the collection (empty when none)' })
  description!: string;

  @ApiProperty({ type: String, description: 'ID of the organization owning this collection' })
  organization!: string;

  @ParentCollectionProperty()
  parent?: string;

  @ApiProperty({
    type: String,
    enum: ROLES,
    nullable: true,
    description: 'The role members get in spaces of the collection that inherit it; null: none',
  })
  defaultLevel!: Role | null;

  @ApiProperty({ type: () => CollectionUrls })
  urls!: CollectionUrls;

  @ApiProperty({ type: () => CollectionPermissions })
  permissions!: CollectionPermissions;
}
