import { Role } from '@docs/kernel';
import { deciderSpec } from '@docs/kernel/testing';
import { CollectionCommand, CollectionFacts, collectionAggregate } from './collection.decider';
import { CollectionEvent } from './collection.events';

const ids = { collectionId: 'c1', organizationId: 'o1' };
const created: CollectionEvent = {
  type: 'CollectionCreated',
  data: { ...ids, title: 'Guides', description: '', defaultLevel: null, parent: null, rank: 'a0' },
};
const create: CollectionCommand = {
  type: 'CreateCollection',
  ...ids,
  title: 'Guides',
  description: '',
  defaultLevel: null,
  parent: null,
  rank: 'a0',
};
const facts = (orgRole: Role | null | undefined, extra: Partial<CollectionFacts> = {}): CollectionFacts => ({ orgRole, ...extra });
const collection = deciderSpec(collectionAggregate);

describe('collection decider', () => {
  it('is created by members with the create role or more', () => {
    collection.given([]).when(create, facts('create')).then([created]);
    collection.given([]).when(create, facts('edit')).thenFails('forbidden');
    collection.given([]).when(create, facts(undefined)).thenFails('not_found');
  });

  it('is changed by admins, recording only what changed', () => {
    collection
      .given([created])
      .when({ type: 'UpdateCollection', changes: { title: 'Guides', description: 'How-tos' } }, facts('admin'))
      .then([{ type: 'CollectionUpdated', data: { ...ids, changes: { description: 'How-tos' } } }]);
    collection
      .given([created])
      .when({ type: 'UpdateCollection', changes: { title: 'X' } }, facts('create'))
      .thenFails('forbidden');
  });

  it('never moves into itself or a collection inside it', () => {
    const inside = new Map([['c2', { organizationId: 'o1', ancestors: ['c1'] }]]);
    collection
      .given([created])
      .when({ type: 'MoveCollection', parent: 'c2', rank: 'a1' }, facts('admin', { collections: inside }))
      .thenFails('invalid', /itself/);
    collection
      .given([created])
      .when(
        { type: 'MoveCollection', parent: 'c1', rank: 'a1' },
        facts('admin', { collections: new Map([['c1', { organizationId: 'o1', ancestors: [] }]]) }),
      )
      .thenFails('invalid', /itself/);
    const elsewhere = new Map([['c3', { organizationId: 'o1', ancestors: [] }]]);
    collection
      .given([created])
      .when({ type: 'MoveCollection', parent: 'c3', rank: 'a1' }, facts('admin', { collections: elsewhere }))
      .then([{ type: 'CollectionMoved', data: { ...ids, parent: 'c3', rank: 'a1' } }]);
  });

  it('is deleted only when empty, and then is gone', () => {
    collection
      .given([created])
      .when({ type: 'DeleteCollection' }, facts('admin', { children: 2 }))
      .thenFails('conflict', /not empty/);
    collection
      .given([created])
      .when({ type: 'DeleteCollection' }, facts('admin', { children: 0 }))
      .then([{ type: 'CollectionDeleted', data: ids }]);
    collection
      .given([created, { type: 'CollectionDeleted', data: ids }])
      .when({ type: 'DeleteCollection' }, facts('admin'))
      .thenFails('not_found');
  });
});
