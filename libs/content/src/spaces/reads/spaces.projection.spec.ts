import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import type { TeamDeleted } from '@docs/organizations';
import { SpaceEvent } from '../space.events';
import { spaceCreated } from '../../testing/space-fixtures.domain';
import { spacesProjection } from './spaces.projection';
import { BY_RANK, grantId, SPACE_GRANTS, SPACES, SpacesReadModel } from './spaces.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';
const T4 = '2026-01-04T00:00:00.000Z';
const org = 'o1';

const ids = (spaceId: string, organizationId = org) => ({ spaceId, organizationId });
const created = (spaceId: string, rank: string, parent: string | null = null) =>
  spaceCreated({
    ...ids(spaceId),
    title: `Space ${spaceId}`,
    defaultLevel: parent ? 'inherit' : null,
    parent,
    rank,
    revisionId: `r-${spaceId}`,
  });
const userGranted = (spaceId: string, userId: string, role: 'read' | 'edit' | 'admin'): SpaceEvent => ({
  type: 'SpaceUserPermissionSet',
  data: { ...ids(spaceId), userId, role },
});
const teamGranted = (spaceId: string, teamId: string, role: 'read' | 'edit'): SpaceEvent => ({
  type: 'SpaceTeamPermissionSet',
  data: { ...ids(spaceId), teamId, role },
});

describe('spaces projection', () => {
  const spec = projectionSpecPerTest(spacesProjection);
  const read = () => new SpacesReadModel(spec.readModels);
  const active = async () => (await read().spaces(org, BY_RANK, { limit: 10 })).items.map((s) => s.id);

  it('keeps a new space with every field the Space object needs, counters at zero', async () => {
    await spec.given(occurred(T1, created('s1', 'a0')));
    expect(await spec.readModels.get(SPACES, 's1')).toEqual({
      id: 's1',
      organizationId: org,
      title: 'Space s1',
      emoji: '',
      editMode: 'live',
      defaultLevel: null,
      parent: null,
      rank: 'a0',
      revision: 'r-s1',
      status: 'active',
      deletedAt: null,
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      createdAt: T1,
      updatedAt: T1,
    });
  });

  it('follows the live revision as the content changes', async () => {
    await spec.given([
      ...occurred(T1, created('s1', 'a0')),
      ...occurred(T2, { type: 'LiveContentChanged', data: { ...ids('s1'), revisionId: 'r2', parents: ['r-s1'], changes: [] } }),
    ]);
    expect(await spec.readModels.get(SPACES, 's1')).toMatchObject({ revision: 'r2', updatedAt: T2 });
  });

  it('applies settings changes and moves, and lists by rank', async () => {
    await spec.given([
      ...occurred(T1, created('s1', 'a0'), created('s2', 'a1'), created('s3', 'a2')),
      ...occurred(T2, { type: 'SpaceUpdated', data: { ...ids('s1'), changes: { title: 'Guide', defaultLevel: 'read' } } }),
      ...occurred(T3, { type: 'SpaceMoved', data: { ...ids('s3'), parent: null, rank: 'Zz' } }),
    ]);
    expect(await spec.readModels.get(SPACES, 's1')).toMatchObject({ title: 'Guide', defaultLevel: 'read', updatedAt: T2 });
    expect(await active()).toEqual(['s3', 's1', 's2']);
    expect((await read().spaces(org, BY_RANK, { limit: 1 })).count).toBe(3);
  });

  it('takes deleted spaces out of lists and counts, brings restored ones back, and finds expired ones for the purge', async () => {
    await spec.given([
      ...occurred(T1, created('s1', 'a0'), created('s2', 'a1')),
      ...occurred(T2, { type: 'SpaceDeleted', data: ids('s1') }),
      ...occurred(T3, { type: 'SpaceDeleted', data: ids('s2') }, { type: 'SpaceRestored', data: ids('s2') }),
    ]);
    expect(await spec.readModels.get(SPACES, 's1')).toMatchObject({ status: 'deleted', deletedAt: T2 });
    expect(await spec.readModels.get(SPACES, 's2')).toMatchObject({ status: 'active', deletedAt: null });
    expect(await active()).toEqual(['s2']);
    expect((await read().spaces(org, BY_RANK, { limit: 10 })).count).toBe(1);
    expect((await read().deletedBefore(T3, { limit: 10 })).items.map((s) => s.id)).toEqual(['s1']);
    expect((await read().deletedBefore(T2, { limit: 10 })).items).toEqual([]);
  });

  it('keeps one document per grant, updates roles in place, and removes grants', async () => {
    await spec.given([
      ...occurred(T1, created('s1', 'a0'), userGranted('s1', 'ann', 'read'), teamGranted('s1', 't1', 'edit')),
      ...occurred(T2, userGranted('s1', 'ann', 'edit'), userGranted('s1', 'bob', 'read')),
      ...occurred(T3, { type: 'SpaceTeamPermissionRemoved', data: { ...ids('s1'), teamId: 't1' } }),
    ]);
    expect(await spec.readModels.get(SPACE_GRANTS, grantId('s1', 'user', 'ann'))).toEqual({
      id: 's1:user:ann',
      spaceId: 's1',
      organizationId: org,
      kind: 'user',
      principalId: 'ann',
      role: 'edit',
      grantedAt: T1,
      updatedAt: T2,
    });
    const users = await read().grants('s1', 'user', { limit: 10 });
    expect(users.items.map((g) => [g.principalId, g.role])).toEqual([
      ['ann', 'edit'],
      ['bob', 'read'],
    ]);
    expect(users.count).toBe(2);
    expect((await read().grants('s1', 'team', { limit: 10 })).count).toBe(0);
    expect(await read().grantedUsers('s1')).toEqual(['ann', 'bob']);
  });

  it('moves a transferred space to its new organization with the grants that follow it', async () => {
    await spec.given([
      ...occurred(
        T1,
        created('s1', 'a0', 'c1'),
        userGranted('s1', 'ann', 'edit'),
        userGranted('s1', 'bob', 'read'),
        teamGranted('s1', 't1', 'read'),
      ),
      ...occurred(T2, {
        type: 'SpaceTransferred',
        data: { ...ids('s1'), toOrganizationId: 'o2', rank: 'a5', droppedUsers: ['bob'], droppedTeams: ['t1'] },
      }),
    ]);
    expect(await spec.readModels.get(SPACES, 's1')).toMatchObject({ organizationId: 'o2', parent: null, rank: 'a5', updatedAt: T2 });
    expect(await active()).toEqual([]);
    expect((await read().spaces('o2', BY_RANK, { limit: 10 })).items.map((s) => s.id)).toEqual(['s1']);
    expect((await read().grants('s1', 'user', { limit: 10 })).items.map((g) => [g.principalId, g.organizationId])).toEqual([['ann', 'o2']]);
    expect((await read().grants('s1', 'team', { limit: 10 })).items).toEqual([]);
  });

  it('drops a purged space and its grants, and the grants of a deleted team', async () => {
    const teamDeleted: TeamDeleted = { type: 'TeamDeleted', data: { organizationId: org, teamId: 't1' } };
    await spec.given([
      ...occurred(
        T1,
        created('s1', 'a0'),
        created('s2', 'a1'),
        userGranted('s1', 'ann', 'read'),
        teamGranted('s2', 't1', 'edit'),
        userGranted('s2', 't1', 'read'),
      ),
      ...occurred(T2, { type: 'SpaceDeleted', data: ids('s1') }),
      ...occurred(T3, { type: 'SpacePurged', data: ids('s1') }),
      ...occurred(T4, teamDeleted),
    ]);
    expect(await spec.readModels.get(SPACES, 's1')).toBeNull();
    expect(await spec.readModels.get(SPACE_GRANTS, grantId('s1', 'user', 'ann'))).toBeNull();
    expect(await spec.readModels.get(SPACE_GRANTS, grantId('s2', 'team', 't1'))).toBeNull();
    // A user whose id happens to equal the team's keeps their grant.
    expect(await spec.readModels.get(SPACE_GRANTS, grantId('s2', 'user', 't1'))).toMatchObject({ role: 'read' });
  });

  it("finds a guest's grants and a parent's neighbours", async () => {
    await spec.given(
      occurred(
        T1,
        created('s1', 'a0', 'c1'),
        created('s2', 'a1', 'c1'),
        created('s3', 'a2', 'c1'),
        userGranted('s1', 'gus', 'read'),
        teamGranted('s3', 't1', 'read'),
      ),
    );
    expect((await read().grantsTo(org, ['gus', 't1'])).map((g) => g.spaceId).sort()).toEqual(['s1', 's3']);
    expect((await read().lastChild(org, 'c1'))?.id).toBe('s3');
    expect((await read().lastChild(org, 'c1', 's3'))?.id).toBe('s2');
    expect((await read().nextTo(org, 'c1', 'after', 'a0', 's2'))?.id).toBe('s3');
    expect((await read().nextTo(org, 'c1', 'before', 'a2', 'x'))?.id).toBe('s2');
    expect((await read().spacesIn(org, 'c1', { limit: 10 })).items.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(await read().spaceCountIn(org, 'c1')).toBe(3);
  });

  it('counts the spaces a collection holds, those in the trash too', async () => {
    await spec.given([
      ...occurred(T1, created('s1', 'a0', 'c1'), created('s2', 'a1', 'c1'), created('s3', 'a0')),
      ...occurred(T2, { type: 'SpaceDeleted', data: ids('s2') }),
    ]);
    expect(await read().spaceCountIn(org, 'c1')).toBe(1);
    expect(await read().childCount(org, 'c1')).toBe(2);
    expect(await read().childCount(org, 'c2')).toBe(0);
  });

  it(
    "counts each team's granted active spaces through grants, removals, " + "deletion, restore, purge, transfer and the team's deletion",
    async () => {
      const counts = async () => Object.fromEntries(await read().teamSpaceCounts(['t1', 't2']));
      const teamRemoved = (spaceId: string, teamId: string): SpaceEvent => ({
        type: 'SpaceTeamPermissionRemoved',
        data: { ...ids(spaceId), teamId },
      });
      await spec.given(
        occurred(
          T1,
          created('s1', 'a0'),
          created('s2', 'a1'),
          created('s3', 'a2'),
          teamGranted('s1', 't1', 'read'),
          teamGranted('s1', 't1', 'edit'),
          teamGranted('s2', 't1', 'read'),
          teamGranted('s2', 't2', 'read'),
        ),
      );
      expect(await counts()).toEqual({ t1: 2, t2: 1 }); // a grant changed in place counts once
      await spec.given(occurred(T2, teamRemoved('s2', 't2'), teamRemoved('s3', 't2'), { type: 'SpaceDeleted', data: ids('s1') }));
      expect(await counts()).toEqual({ t1: 1, t2: 0 }); // removing a grant that does not exist changes nothing
      await spec.given(occurred(T3, teamGranted('s1', 't2', 'read'), { type: 'SpaceRestored', data: ids('s1') }));
      expect(await counts()).toEqual({ t1: 2, t2: 1 }); // a grant on a deleted space counts from its restore
      await spec.given(
        occurred(
          T4,
          { type: 'SpaceTransferred', data: { ...ids('s2'), toOrganizationId: 'o2', rank: 'a5', droppedUsers: [], droppedTeams: ['t1'] } },
          { type: 'SpaceDeleted', data: ids('s1') },
          { type: 'SpacePurged', data: ids('s1') },
        ),
      );
      expect(await counts()).toEqual({ t1: 0, t2: 0 });
      const teamDeleted: TeamDeleted = { type: 'TeamDeleted', data: { organizationId: org, teamId: 't1' } };
      await spec.given(occurred(T4, teamGranted('s3', 't1', 'read'), teamDeleted));
      expect(await counts()).toEqual({ t2: 0 }); // the deleted team's count is gone
    },
  );
});
