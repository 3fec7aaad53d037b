import { Aggregate, changedFields, conflict, invalid, notFound, Role } from '@docs/kernel';
import { CollectionEvent, CollectionIds, CollectionSettings } from './collection.events';
import { requireCollectionPermission } from './collections.policy';

export interface CollectionState {
  status: 'none' | 'active' | 'deleted';
  collectionId: string;
  organizationId: string;
  settings: CollectionSettings;
  parent: string | null;
}

export type CollectionCommand =
  | ({ type: 'CreateCollection'; parent: string | null; rank: string } & CollectionIds & CollectionSettings)
  | { type: 'UpdateCollection'; changes: Partial<CollectionSettings> }
  | { type: 'MoveCollection'; parent: string | null; rank: string }
  | { type: 'DeleteCollection' };

/**
 * Collections are managed by the organization's content roles: `create` (or admin) creates them,
 * admins change, move and delete them. `ancestors` are the would-be parent's own ancestors (to
 * refuse cycles), `children` how many spaces and collections it holds (to refuse deleting a
 * non-empty collection).
 */
export interface CollectionFacts {
  orgRole: Role | null | undefined;
  collections?: ReadonlyMap<string, { organizationId: string; ancestors: readonly string[] }>;
  children?: number;
}

export function initialCollectionState(): CollectionState {
  return {
    status: 'none',
    collectionId: '',
    organizationId: '',
    settings: { title: '', description: '', defaultLevel: null },
    parent: null,
  };
}

export function evolveCollection(state: CollectionState, event: CollectionEvent): CollectionState {
  switch (event.type) {
    case 'CollectionCreated': {
      const { collectionId, organizationId, title, description, defaultLevel, parent } = event.data;
      return { status: 'active', collectionId, organizationId, settings: { title, description, defaultLevel }, parent };
    }
    case 'CollectionUpdated':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'CollectionMoved':
      return { ...state, parent: event.data.parent };
    case 'CollectionDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** The parent must be a collection of the same organization, and never the collection itself or one inside it. */
function requireParent(facts: CollectionFacts, organizationId: string, collectionId: string, parent: string | null): void {
  if (parent === null) return;
  const found = facts.collections?.get(parent);
  if (!found || found.organizationId !== organizationId) throw invalid(`parent: no collection ${parent} in this organization`);
  if (parent === collectionId || found.ancestors.includes(collectionId)) throw invalid('parent: a collection cannot be moved into itself');
}

export function decideCollection(state: CollectionState, command: CollectionCommand, facts: CollectionFacts): CollectionEvent[] {
  if (command.type === 'CreateCollection') {
    requireCollectionPermission(facts.orgRole, 'create', 'creating collections');
    if (state.status !== 'none') throw conflict('collection already exists');
    requireParent(facts, command.organizationId, command.collectionId, command.parent);
    const { type: _type, ...data } = command;
    return [{ type: 'CollectionCreated', data }];
  }
  if (state.status !== 'active') throw notFound('collection not found');
  const ids: CollectionIds = { collectionId: state.collectionId, organizationId: state.organizationId };
  switch (command.type) {
    case 'UpdateCollection': {
      requireCollectionPermission(facts.orgRole, 'admin', 'changing a collection');
      const changes = changedFields(state.settings, command.changes);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'CollectionUpdated', data: { ...ids, changes } }];
    }
    case 'MoveCollection':
      requireCollectionPermission(facts.orgRole, 'admin', 'moving a collection');
      requireParent(facts, state.organizationId, state.collectionId, command.parent);
      return [{ type: 'CollectionMoved', data: { ...ids, parent: command.parent, rank: command.rank } }];
    case 'DeleteCollection':
      requireCollectionPermission(facts.orgRole, 'admin', 'deleting a collection');
      if ((facts.children ?? 0) > 0) throw conflict('the collection is not empty: move or delete its spaces and collections first');
      return [{ type: 'CollectionDeleted', data: ids }];
  }
}

/** A collection of spaces (and collections) in an organization, in stream `collection-<collectionId>`. */
export const collectionAggregate: Aggregate<CollectionState, CollectionCommand, CollectionEvent, CollectionFacts> = {
  category: 'collection',
  initialState: initialCollectionState,
  evolve: evolveCollection,
  decide: decideCollection,
  schemaVersions: { CollectionCreated: 1, CollectionUpdated: 1, CollectionMoved: 1, CollectionDeleted: 1 },
};
