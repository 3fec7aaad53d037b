import { Role } from '@docs/kernel';
import { deciderSpec, recorded } from '@docs/kernel/testing';
import { CallerFacts, effectiveRole } from './space-access.domain';
import { SpaceCommand, SpaceFacts, spaceAggregate } from './space.decider';
import { SpaceEvent } from './space.events';
import { page as pageNode } from '../testing/page-tree-fixtures.domain';
import { spaceCreated } from '../testing/space-fixtures.domain';

const ids = { spaceId: 's1', organizationId: 'o1' };
const created = spaceCreated({ title: 'Docs', revisionId: 'r1' });
const caller = (orgRole: Role | null | undefined, teamIds: string[] = [], actorId = 'u1'): CallerFacts => ({
  actorId,
  orgRole,
  teamIds: new Set(teamIds),
});
const facts = (orgRole: Role | null | undefined, extra: Partial<SpaceFacts> = {}): SpaceFacts => ({
  caller: caller(orgRole),
  inheritedLevel: null,
  ...extra,
});
const space = deciderSpec(spaceAggregate);
const create = { type: 'CreateSpace' as const, ...created.data };

describe('effective role in a space', () => {
  const grants = {
    defaultLevel: 'comment' as Role | null,
    users: new Map<string, Role>([['u1', 'edit']]),
    teams: new Map<string, Role>([['t1', 'review']]),
  };

  it.each([
    ['an org admin', caller('admin'), 'admin'],
    ['a reader with a direct edit grant', caller('read'), 'edit'],
    ['a reader in a team granted review', caller('read', ['t1'], 'u2'), 'review'],
    ['a reader with nothing else gets the default level', caller('read', [], 'u2'), 'comment'],
    ['a guest gets no default level', caller(null, [], 'u2'), null],
    ['a guest with a direct grant', caller(null), 'edit'],
    ['a non-member with a direct grant', caller(undefined), 'edit'],
    ['a non-member without one', caller(undefined, [], 'u2'), null],
  ] as const)('%s', (_name, who, expected) => {
    expect(effectiveRole(grants, who)).toBe(expected);
  });
});

describe('space decider', () => {
  it('creates a space for organization members with the create role or more', () => {
    space.given([]).when(create, facts('create')).then([created]);
    space
      .given([])
      .when(create, facts('edit'))
      .thenFails('forbidden', /create or admin role/);
    space.given([]).when(create, facts(undefined)).thenFails('not_found');
    space.given([created]).when(create, facts('admin')).thenFails('conflict');
  });

  it('creates a duplicate whole: the space, its grants and its content in one decision', () => {
    const page = pageNode('p1', { title: 'Guide', slug: 'guide', bodyHash: 'h' });
    const duplicate: SpaceCommand = {
      ...create,
      empty: true,
      duplicatedFrom: 's0',
      grants: { users: new Map([['u2', 'review']]), teams: new Map([['t1', 'read']]) },
      content: { revisionId: 'r2', changes: [{ op: 'insert', page, markdown: 'Hi' }], files: [] },
    };
    space
      .given([])
      .when(duplicate, facts('create'))
      .then([
        spaceCreated({ ...created.data, empty: true, duplicatedFrom: 's0' }),
        { type: 'SpaceUserPermissionSet', data: { ...ids, userId: 'u2', role: 'review' } },
        { type: 'SpaceTeamPermissionSet', data: { ...ids, teamId: 't1', role: 'read' } },
        {
          type: 'LiveContentChanged',
          data: { ...ids, revisionId: 'r2', parents: ['r1'], changes: [{ op: 'insert', page, markdown: 'Hi' }] },
        },
      ]);
  });

  it('places a new space only in a collection of its organization', () => {
    const inCollection = { ...create, parent: 'c1' } as SpaceCommand;
    space
      .given([])
      .when(inCollection, facts('admin', { collections: new Map([['c1', { organizationId: 'o2' }]]) }))
      .thenFails('invalid', /parent/);
    space
      .given([])
      .when(inCollection, facts('admin', { collections: new Map([['c1', { organizationId: 'o1' }]]) }))
      .then([spaceCreated({ ...created.data, parent: 'c1' })]);
  });

  it('lets admins change settings, records only what changed, and hides the space from non-members', () => {
    const update: SpaceCommand = { type: 'UpdateSpace', changes: { title: 'Guide', emoji: '' } };
    space
      .given([created])
      .when(update, facts('admin'))
      .then([{ type: 'SpaceUpdated', data: { ...ids, changes: { title: 'Guide' } } }]);
    space
      .given([created])
      .when({ type: 'UpdateSpace', changes: { title: 'Docs' } }, facts('admin'))
      .thenNothing();
    space
      .given([created])
      .when(update, facts('edit'))
      .thenFails('forbidden', /admin role/);
    space.given([created]).when(update, facts(undefined)).thenFails('not_found');
    space
      .given([created])
      .when({ type: 'UpdateSpace', changes: { defaultLevel: 'inherit' } }, facts('admin'))
      .thenFails('invalid', /inherit/);
  });

  it('deletes into the trash, restores within the retention period, and purges after it', () => {
    const deleted = recorded<SpaceEvent>({ type: 'SpaceDeleted', data: ids }, { occurredAt: '2026-01-10T00:00:00.000Z' }, 1);
    space
      .given([created])
      .when({ type: 'DeleteSpace' }, facts('admin'))
      .then([{ type: 'SpaceDeleted', data: ids }]);
    space
      .given([created, deleted])
      .when({ type: 'RestoreSpace', retentionCutoff: '2026-01-05T00:00:00.000Z' }, facts('admin'))
      .then([{ type: 'SpaceRestored', data: ids }]);
    space
      .given([created, deleted])
      .when({ type: 'RestoreSpace', retentionCutoff: '2026-01-11T00:00:00.000Z' }, facts('admin'))
      .thenFails('not_found');
    space
      .given([created, deleted])
      .when({ type: 'UpdateSpace', changes: { title: 'x' } }, facts('admin'))
      .thenFails('not_found');
    space
      .given([created, deleted])
      .when({ type: 'PurgeSpace', retentionCutoff: '2026-01-05T00:00:00.000Z' }, facts(undefined))
      .thenFails('conflict');
    space
      .given([created, deleted])
      .when({ type: 'PurgeSpace', retentionCutoff: '2026-01-11T00:00:00.000Z' }, facts(undefined))
      .then([{ type: 'SpacePurged', data: ids }]);
    const purged = recorded<SpaceEvent>({ type: 'SpacePurged', data: ids }, {}, 2);
    space
      .given([created, deleted, purged])
      .when({ type: 'RestoreSpace', retentionCutoff: '2026-01-01T00:00:00.000Z' }, facts('admin'))
      .thenFails('not_found');
  });

  it('transfers to an organization the caller administers, dropping grants that cannot follow', () => {
    const granted: SpaceEvent[] = [
      { type: 'SpaceUserPermissionSet', data: { ...ids, userId: 'stays', role: 'edit' } },
      { type: 'SpaceUserPermissionSet', data: { ...ids, userId: 'leaves', role: 'read' } },
      { type: 'SpaceTeamPermissionSet', data: { ...ids, teamId: 't1', role: 'read' } },
    ];
    const transfer: SpaceCommand = { type: 'TransferSpace', toOrganizationId: 'o2', rank: 'a0' };
    space
      .given([created, ...granted])
      .when(transfer, facts('admin', { target: { orgRole: 'admin', members: new Set(['u1', 'stays']) } }))
      .then([
        { type: 'SpaceTransferred', data: { ...ids, toOrganizationId: 'o2', rank: 'a0', droppedUsers: ['leaves'], droppedTeams: ['t1'] } },
      ]);
    space
      .given([created])
      .when(transfer, facts('admin', { target: { orgRole: 'edit', members: new Set() } }))
      .thenFails('invalid', /admin of the target/);
    space
      .given([created])
      .when({ ...transfer, toOrganizationId: 'o1' } as SpaceCommand, facts('admin'))
      .thenFails('conflict');
  });

  it('sets and removes grants for organization members and teams, skipping what is already so', () => {
    const command = (users: [string, Role | null][], teams: [string, Role | null][] = []): SpaceCommand => ({
      type: 'UpdateSpacePermissions',
      users: new Map(users),
      teams: new Map(teams),
    });
    const known = { orgMembers: new Set(['u2', 'u3']), orgTeams: new Set(['t1']) };
    const u2edit: SpaceEvent = { type: 'SpaceUserPermissionSet', data: { ...ids, userId: 'u2', role: 'edit' } };
    space
      .given([created, u2edit])
      .when(
        command(
          [
            ['u2', 'edit'],
            ['u3', 'read'],
          ],
          [['t1', 'review']],
        ),
        facts('admin', known),
      )
      .then([
        { type: 'SpaceUserPermissionSet', data: { ...ids, userId: 'u3', role: 'read' } },
        { type: 'SpaceTeamPermissionSet', data: { ...ids, teamId: 't1', role: 'review' } },
      ]);
    space
      .given([created, u2edit])
      .when(command([['u2', null]]), facts('admin', known))
      .then([{ type: 'SpaceUserPermissionRemoved', data: { ...ids, userId: 'u2' } }]);
    space
      .given([created])
      .when(command([['zed', 'read']]), facts('admin', known))
      .thenFails('invalid', /zed/);
    space
      .given([created])
      .when(command([], [['t9', 'read']]), facts('admin', known))
      .thenFails('invalid', /t9/);
    space
      .given([created])
      .when(command([['u2', 'read']]), facts('review', known))
      .thenFails('forbidden');
    // A grant outlives its holder's membership: removing it needs no membership.
    const formerEdit: SpaceEvent = { type: 'SpaceUserPermissionSet', data: { ...ids, userId: 'former', role: 'edit' } };
    space
      .given([created, formerEdit])
      .when(command([['former', null]]), facts('admin', known))
      .then([{ type: 'SpaceUserPermissionRemoved', data: { ...ids, userId: 'former' } }]);
  });

  it('moves within the organization only', () => {
    space
      .given([created])
      .when({ type: 'MoveSpace', parent: null, rank: 'a1' }, facts('admin'))
      .then([{ type: 'SpaceMoved', data: { ...ids, parent: null, rank: 'a1' } }]);
    space
      .given([created])
      .when({ type: 'MoveSpace', parent: 'c9', rank: 'a1' }, facts('admin'))
      .thenFails('invalid', /parent/);
  });
});

describe('space decider: change request numbers and the live content', () => {
  it('hands out change request numbers in order, to editors', () => {
    const first: SpaceEvent = { type: 'ChangeRequestNumberAllocated', data: { ...ids, changeRequestId: 'cr1', number: 1 } };
    space.given([created]).when({ type: 'AllocateChangeRequestNumber', changeRequestId: 'cr1' }, facts('edit')).then([first]);
    space
      .given([created, first])
      .when({ type: 'AllocateChangeRequestNumber', changeRequestId: 'cr2' }, facts('edit'))
      .then([{ type: 'ChangeRequestNumberAllocated', data: { ...ids, changeRequestId: 'cr2', number: 2 } }]);
    space.given([created]).when({ type: 'AllocateChangeRequestNumber', changeRequestId: 'cr1' }, facts('comment')).thenFails('forbidden');
  });

  it('advances the live revision from the expected one only, never in a locked space', () => {
    const merge: SpaceCommand = {
      type: 'ChangeLiveContent',
      revisionId: 'r2',
      expectedRevision: 'r1',
      parents: ['r1', 'c5'],
      changes: [],
      changeRequestId: 'cr1',
    };
    const advanced: SpaceEvent = {
      type: 'LiveContentChanged',
      data: { ...ids, revisionId: 'r2', parents: ['r1', 'c5'], changes: [], changeRequestId: 'cr1' },
    };
    space.given([created]).when(merge, facts('review')).then([advanced]);
    space
      .given([created, advanced])
      .when(merge, facts('review'))
      .thenFails('conflict', /changed meanwhile/);
    space
      .given([created])
      .when(merge, facts('edit'))
      .thenFails('forbidden', /review/);
    const locked: SpaceEvent = { type: 'SpaceUpdated', data: { ...ids, changes: { editMode: 'locked' } } };
    space
      .given([created, locked])
      .when(merge, facts('review'))
      .thenFails('conflict', /locked/);
  });
});
