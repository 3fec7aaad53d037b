import { DomainEvent, Role } from '@docs/kernel';

export type CollectionSettings = {
  title: string;
  description: string;
  /** The level spaces with `defaultLevel: inherit` take; null: none. */
  defaultLevel: Role | null;
};

export type CollectionIds = { collectionId: string; organizationId: string };
export type CollectionCreated = DomainEvent<
  'CollectionCreated',
  CollectionIds & CollectionSettings & { parent: string | null; rank: string }
>;
export type CollectionUpdated = DomainEvent<'CollectionUpdated', CollectionIds & { changes: Partial<CollectionSettings> }>;
export type CollectionMoved = DomainEvent<'CollectionMoved', CollectionIds & { parent: string | null; rank: string }>;
export type CollectionDeleted = DomainEvent<'CollectionDeleted', CollectionIds>;
export type CollectionEvent = CollectionCreated | CollectionUpdated | CollectionMoved | CollectionDeleted;
