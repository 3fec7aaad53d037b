import { collectAll, expectError, TestApp } from '../support/test-app';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { joinOrg, leaveOrg, orgWithPeople, Person } from './fixtures/org-members';

describe('teams and team members', () => {
  let app: TestApp;
  let orgId: string;
  let ownerId: string;
  let admin: Person;
  let member: Person;
  let guest: Person;
  let outsider: Person;

  beforeAll(async () => {
    app = await TestApp.shared();
    ({ organizationId: orgId, ownerId, admin, member, guest, outsider } = await orgWithPeople(app, 'teams'));
  });
  afterAll(() => app.stop());

  const teams = () => `/v1/orgs/${orgId}/teams`;

  async function createTeam(title: string, members: string[] = [], token?: string) {
    const res = await app.put(teams(), { title, members }, token);
    expect(res.status).toBe(201);
    return res.body;
  }

  async function teamMembers(teamId: string) {
    return collectAll(app, `${teams()}/${teamId}/members?limit=2`);
  }

  describe('PUT /v1/orgs/{organizationId}/teams', () => {
    it("creates a team with members, readable at once, valid against GitBook's schema", async () => {
      const res = await app.put(teams(), { title: 'Writers', members: [member.userId, admin.userId] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        object: 'team',
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        title: 'Writers',
        members: 2,
        spaces: 0,
        createdAt: expect.any(String),
        permissions: { admin: true, view: true },
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      expectGitbookSchema('OrganizationTeam', res.body);

      const read = await app.get(`${teams()}/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
      const list = await collectAll(app, teams());
      expect(list).toContainEqual(res.body);
      const people = await teamMembers(res.body.id);
      expect(people.map((p) => p.organization.id).sort()).toEqual([member.userId, admin.userId].sort());
    });

    it.each([
      [{}, /title/],
      [{ title: '' }, /title must be longer than or equal to 1/],
      [{ title: 'x'.repeat(65) }, /title must be shorter than or equal to 64/],
      [{ title: 7 }, /title must be a string/],
      [{ title: 'T', members: 'abc' }, /members must be an array/],
      [{ title: 'T', members: [1] }, /members/],
      [{ title: 'T', members: null }, /members/],
      [{ title: 'T', extra: 1 }, /property extra should not exist/],
    ])('rejects %j with 400 naming the field', async (body, message) => {
      expectError(await app.put(teams(), body), 400, message);
    });

    it('answers 400 naming users who are not organization members', async () => {
      expectError(
        await app.put(teams(), { title: 'Nope', members: [member.userId, outsider.userId, 'nobody'] }),
        400,
        new RegExp(`members: .*${outsider.userId}.*nobody`),
      );
    });

    it('answers 401 without a token, 403 to members and guests, 404 to non-members and unknown organizations', async () => {
      expectError(await app.put(teams(), { title: 'T' }, null), 401);
      expectError(await app.put(teams(), { title: 'T' }, member.token), 403, /admins/);
      expectError(await app.put(teams(), { title: 'T' }, guest.token), 403);
      expectError(await app.put(teams(), { title: 'T' }, outsider.token), 404);
      expectError(await app.put('/v1/orgs/unknown/teams', { title: 'T' }), 404);
    });

    it('lets an organization admin (not only the creator) create teams', async () => {
      const team = await createTeam('Admins made this', [], admin.token);
      expect(team.permissions).toEqual({ admin: true, view: true });
    });
  });

  describe('GET /v1/orgs/{organizationId}/teams', () => {
    let org2: Awaited<ReturnType<typeof orgWithPeople>>;
    let ids: string[];

    beforeAll(async () => {
      org2 = await orgWithPeople(app, 'teamlist');
      ids = [];
      for (const title of ['Alpha Team', 'beta squad', 'Gamma TEAM', 'Delta', 'Epsilon team']) {
        const res = await app.put(`/v1/orgs/${org2.organizationId}/teams`, { title });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
    });

    it('pages through the teams oldest first, with count and next', async () => {
      const first = await app.get(`/v1/orgs/${org2.organizationId}/teams?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      expect(first.body.items).toHaveLength(2);
      const all = await collectAll(app, `/v1/orgs/${org2.organizationId}/teams?limit=2`);
      expect(all.map((t) => t.id)).toEqual(ids);
      const last = await app.get(`/v1/orgs/${org2.organizationId}/teams?limit=5`);
      expect(last.body.next).toBeUndefined();
      for (const team of all) expectGitbookSchema('OrganizationTeam', team);
    });

    it('filters by case-insensitive title substring', async () => {
      const res = await app.get(`/v1/orgs/${org2.organizationId}/teams?title=TEAM`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      expect(res.body.items.map((t: any) => t.title)).toEqual(['Alpha Team', 'Gamma TEAM', 'Epsilon team']);
    });

    it('filters by owner: every team for an admin, owned teams for others, none for strangers', async () => {
      await app.put(`/v1/orgs/${org2.organizationId}/teams/${ids[1]}/members/${org2.member.userId}`, { role: 'owner' });
      await app.put(`/v1/orgs/${org2.organizationId}/teams/${ids[2]}/members/${org2.member.userId}`, { role: 'member' });
      const owned = await app.get(`/v1/orgs/${org2.organizationId}/teams?owner=${org2.member.userId}`, org2.member.token);
      expect(owned.body.items.map((t: any) => t.id)).toEqual([ids[1]]);
      expect(owned.body.items[0].permissions).toEqual({ admin: false, view: true });
      const adminTeams = await app.get(`/v1/orgs/${org2.organizationId}/teams?owner=${org2.admin.userId}`);
      expect(adminTeams.body.count).toBe(5);
      const nobody = await app.get(`/v1/orgs/${org2.organizationId}/teams?owner=${org2.outsider.userId}`);
      expect(nobody.body).toEqual({ count: 0, items: [] });
    });

    it('lets members read, answers 403 to guests and 404 to non-members', async () => {
      const res = await app.get(`/v1/orgs/${org2.organizationId}/teams`, org2.member.token);
      expect(res.status).toBe(200);
      expect(res.body.items[0].permissions).toEqual({ admin: false, view: true });
      expectError(await app.get(`/v1/orgs/${org2.organizationId}/teams`, org2.guest.token), 403, /guests/);
      expectError(await app.get(`/v1/orgs/${org2.organizationId}/teams`, org2.outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${org2.organizationId}/teams`, null), 401);
    });

    it.each([
      ['limit=0', /limit/],
      ['limit=1001', /limit/],
      ['limit=abc', /limit/],
      ['page=not-a-cursor', /page/],
      [`title=${'x'.repeat(65)}`, /title/],
      ['unknown=1', /property unknown should not exist/],
    ])('rejects ?%s with 400', async (query, message) => {
      expectError(await app.get(`/v1/orgs/${org2.organizationId}/teams?${query}`), 400, message);
    });
  });

  describe('GET, PATCH and DELETE /v1/orgs/{organizationId}/teams/{teamId}', () => {
    it('renames a team, visible at once', async () => {
      const team = await createTeam('Old name');
      const res = await app.patch(`${teams()}/${team.id}`, { title: 'New name' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...team, title: 'New name' });
      expectGitbookSchema('OrganizationTeam', res.body);
      expect((await app.get(`${teams()}/${team.id}`)).body.title).toBe('New name');
    });

    it.each([
      [{}, /title/],
      [{ title: '' }, /title must be longer than or equal to 1/],
      [{ title: 'x'.repeat(65) }, /title must be shorter than or equal to 64/],
      [{ title: null }, /title/],
      [{ title: 'ok', members: [] }, /property members should not exist/],
    ])('rejects PATCH %j with 400', async (body, message) => {
      const team = await createTeam('Patch me');
      expectError(await app.patch(`${teams()}/${team.id}`, body), 400, message);
    });

    it('answers 403 to members and team owners, 404 to non-members and for unknown teams', async () => {
      const team = await createTeam('Guarded', [member.userId]);
      await app.put(`${teams()}/${team.id}/members/${member.userId}`, { role: 'owner' });
      expectError(await app.patch(`${teams()}/${team.id}`, { title: 'x' }, member.token), 403);
      expectError(await app.delete(`${teams()}/${team.id}`, member.token), 403);
      expectError(await app.patch(`${teams()}/${team.id}`, { title: 'x' }, outsider.token), 404);
      expectError(await app.get(`${teams()}/${team.id}`, outsider.token), 404);
      expectError(await app.get(`${teams()}/${team.id}`, guest.token), 403);
      expectError(await app.get(`${teams()}/unknown`), 404, /team not found/);
      expectError(await app.patch(`${teams()}/unknown`, { title: 'x' }), 404);
      expectError(await app.delete(`${teams()}/unknown`), 404);
    });

    it('does not show a team of another organization', async () => {
      const other = await orgWithPeople(app, 'otherteams');
      const foreign = await app.put(`/v1/orgs/${other.organizationId}/teams`, { title: 'Foreign' });
      expectError(await app.get(`${teams()}/${foreign.body.id}`), 404);
      expectError(await app.patch(`${teams()}/${foreign.body.id}`, { title: 'x' }), 404);
      expectError(await app.delete(`${teams()}/${foreign.body.id}`), 404);
    });

    it("deletes a team with 204: gone from reads and from its members' team lists", async () => {
      const team = await createTeam('Short lived', [member.userId]);
      const res = await app.delete(`${teams()}/${team.id}`);
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      expectError(await app.get(`${teams()}/${team.id}`), 404);
      expect((await collectAll(app, teams())).map((t) => t.id)).not.toContain(team.id);
      const memberTeams = await collectAll(app, `/v1/orgs/${orgId}/members/${member.userId}/teams`);
      expect(memberTeams.map((t) => t.team.id)).not.toContain(team.id);
      expectError(await app.delete(`${teams()}/${team.id}`), 404);
    });
  });

  describe('team members', () => {
    it('lists team members as GitBook OrganizationTeamMember items, across pages', async () => {
      const a = await app.tokenFor('tm-a@example.test', 'Tm A');
      const b = await app.tokenFor('tm-b@example.test', 'Tm B');
      await joinOrg(app, orgId, a, 'edit');
      await joinOrg(app, orgId, b, 'read');
      const team = await createTeam('Listing', [a.userId, b.userId, member.userId]);
      const first = await app.get(`${teams()}/${team.id}/members?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
      const all = await teamMembers(team.id);
      expect(all).toHaveLength(3);
      const itemA = all.find((i) => i.organization.id === a.userId);
      expect(itemA).toEqual({
        organization: expect.objectContaining({
          object: 'member',
          id: a.userId,
          role: 'edit',
          user: expect.objectContaining({ object: 'user', id: a.userId, displayName: 'Tm A', email: 'tm-a@example.test' }),
          teams: 1,
        }),
        team: { role: 'member' },
        permissions: { view: true },
      });
      for (const item of all) expectGitbookSchema('OrganizationTeamMember', item);
      expectError(await app.get(`${teams()}/${team.id}/members`, guest.token), 403);
      expectError(await app.get(`${teams()}/${team.id}/members`, outsider.token), 404);
      expectError(await app.get(`${teams()}/unknown/members`), 404);
      expectError(await app.get(`${teams()}/${team.id}/members?limit=0`), 400, /limit/);
    });

    it('adds, removes and changes roles with PUT .../members; a user in add and remove ends up removed', async () => {
      const c = await app.tokenFor('tm-c@example.test', 'Tm C');
      await joinOrg(app, orgId, c, 'read');
      const team = await createTeam('Bulk', [member.userId]);
      const res = await app.put(`${teams()}/${team.id}/members`, {
        add: ['TM-C@example.test', admin.userId],
        remove: [admin.userId],
        memberships: { [member.userId]: { role: 'owner' } },
      });
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      const people = await teamMembers(team.id);
      expect(people.map((p) => [p.organization.id, p.team.role]).sort()).toEqual(
        [
          [c.userId, 'member'],
          [member.userId, 'owner'],
        ].sort(),
      );
      expect((await app.get(`${teams()}/${team.id}`)).body.members).toBe(2);

      await app.put(`${teams()}/${team.id}/members`, {
        remove: ['tm-c@example.test'],
        add: [ownerId],
        memberships: { [ownerId]: { role: 'owner' } },
      });
      const after = await teamMembers(team.id);
      expect(after.map((p) => [p.organization.id, p.team.role]).sort()).toEqual(
        [
          [member.userId, 'owner'],
          [ownerId, 'owner'],
        ].sort(),
      );
    });

    it('rejects invalid PUT .../members bodies with 400', async () => {
      const team = await createTeam('Strict', [member.userId]);
      const path = `${teams()}/${team.id}/members`;
      expectError(await app.put(path, { add: [outsider.userId] }), 400, new RegExp(`add: .*${outsider.userId}`));
      expectError(await app.put(path, { add: ['nobody@example.test'] }), 400, /nobody@example.test/);
      expectError(await app.put(path, { add: 'x' }), 400, /add must be an array/);
      expectError(await app.put(path, { remove: [3] }), 400, /remove/);
      expectError(await app.put(path, { memberships: { [member.userId]: { role: 'boss' } } }), 400, /memberships/);
      expectError(await app.put(path, { memberships: [] }), 400, /memberships/);
      expectError(
        await app.put(path, { memberships: { [admin.userId]: { role: 'owner' } } }),
        400,
        new RegExp(`memberships: ${admin.userId} is not a member`),
      );
      expectError(await app.put(path, { other: 1 }), 400, /property other should not exist/);
    });

    it('PUT .../members/{userId} adds or changes a member; DELETE removes them', async () => {
      const team = await createTeam('Single');
      const one = `${teams()}/${team.id}/members/${member.userId}`;
      expect((await app.put(one, { role: 'member' })).status).toBe(204);
      expect((await teamMembers(team.id)).map((p) => p.team.role)).toEqual(['member']);
      expect((await app.put(one, { role: 'owner' })).status).toBe(204);
      expect((await teamMembers(team.id)).map((p) => p.team.role)).toEqual(['owner']);
      expect((await app.get(`${teams()}/${team.id}`)).body.members).toBe(1);
      expectError(await app.put(one, { role: 'admin' }), 400, /role must be one of owner, member/);
      expectError(await app.put(one, { role: null }), 400, /role/);
      expectError(await app.put(one, { role: 'member', extra: 1 }), 400, /property extra should not exist/);
      // Without a body the role defaults to member (GitBook's body is optional).
      expect((await app.request('PUT', one)).status).toBe(204);
      expect((await teamMembers(team.id)).map((p) => p.team.role)).toEqual(['member']);
      expect((await app.put(one, { role: 'owner' })).status).toBe(204);
      expectError(await app.put(`${teams()}/${team.id}/members/${outsider.userId}`, { role: 'member' }), 400, new RegExp(outsider.userId));
      const removed = await app.delete(one);
      expect(removed.status).toBe(204);
      expect(await teamMembers(team.id)).toEqual([]);
      expect((await app.get(`${teams()}/${team.id}`)).body.members).toBe(0);
      expectError(await app.delete(one), 404, /team member not found/);
    });

    it("lets team owners manage their team's members, but not other teams; other members get 403", async () => {
      const owned = await createTeam('Owned', [member.userId]);
      const other = await createTeam('Other');
      await app.put(`${teams()}/${owned.id}/members/${member.userId}`, { role: 'owner' });
      expect((await app.put(`${teams()}/${owned.id}/members/${admin.userId}`, { role: 'member' }, member.token)).status).toBe(204);
      expect((await app.put(`${teams()}/${owned.id}/members`, { add: [ownerId] }, member.token)).status).toBe(204);
      expect((await app.delete(`${teams()}/${owned.id}/members/${ownerId}`, member.token)).status).toBe(204);
      expectError(await app.put(`${teams()}/${other.id}/members/${admin.userId}`, { role: 'member' }, member.token), 403, /team owners/);
      expectError(await app.put(`${teams()}/${owned.id}/members`, { add: [member.userId] }, guest.token), 403);
      expectError(await app.put(`${teams()}/${owned.id}/members`, { add: [member.userId] }, outsider.token), 404);
      expectError(await app.delete(`${teams()}/${owned.id}/members/${admin.userId}`, outsider.token), 404);
      expectError(await app.put(`${teams()}/unknown/members`, { add: [member.userId] }), 404);
    });

    it('ends team memberships when the user leaves the organization, and a later rejoin starts afresh', async () => {
      const d = await app.tokenFor('tm-d@example.test', 'Tm D');
      await joinOrg(app, orgId, d, 'read');
      const team = await createTeam('Leavers', [d.userId, member.userId]);
      await app.put(`${teams()}/${team.id}/members/${d.userId}`, { role: 'owner' });
      await leaveOrg(app, orgId, d.userId);
      expect((await app.get(`${teams()}/${team.id}`)).body.members).toBe(1);
      expect((await teamMembers(team.id)).map((p) => p.organization.id)).toEqual([member.userId]);
      expect((await app.get(`${teams()}?owner=${d.userId}`)).body.count).toBe(0);

      await joinOrg(app, orgId, d, 'read');
      // The old ownership did not survive: d is an ordinary member now.
      expectError(await app.put(`${teams()}/${team.id}/members/${admin.userId}`, { role: 'member' }, d.token), 403);
      expect((await app.put(`${teams()}/${team.id}/members`, { add: [d.userId] })).status).toBe(204);
      expect((await teamMembers(team.id)).map((p) => [p.organization.id, p.team.role]).sort()).toEqual(
        [
          [d.userId, 'member'],
          [member.userId, 'member'],
        ].sort(),
      );
      expect((await app.get(`${teams()}/${team.id}`)).body.members).toBe(2);
    });
  });

  describe('GET /v1/orgs/{organizationId}/members/{userId}/teams', () => {
    it('lists the teams of a member with their role, filtered by title, across pages', async () => {
      const e = await app.tokenFor('tm-e@example.test', 'Tm E');
      await joinOrg(app, orgId, e, 'read');
      const created = [];
      for (const title of ['Docs Crew', 'API crew', 'Support']) created.push(await createTeam(title, [e.userId]));
      await app.put(`${teams()}/${created[1].id}/members/${e.userId}`, { role: 'owner' });
      const path = `/v1/orgs/${orgId}/members/${e.userId}/teams`;
      const first = await app.get(`${path}?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
      const all = await collectAll(app, `${path}?limit=2`);
      expect(all.map((i) => [i.team.title, i.member.role])).toEqual([
        ['Docs Crew', 'member'],
        ['API crew', 'owner'],
        ['Support', 'member'],
      ]);
      expect(all[0]).toEqual({ team: { ...created[0] }, member: { role: 'member' } });
      const schema = (await import('../support/gitbook-schema')).gitbookSchemaErrors;
      expect(schema('OrganizationTeam', all[1].team)).toEqual([]);
      expect(schema('TeamMember', all[1].member)).toEqual([]);

      const filtered = await app.get(`${path}?title=CREW`);
      expect(filtered.body.items.map((i: any) => i.team.title)).toEqual(['Docs Crew', 'API crew']);
      expect(filtered.body.count).toBe(2);

      // Renames reach the member's list too.
      await app.patch(`${teams()}/${created[2].id}`, { title: 'Support crew' });
      expect((await app.get(`${path}?title=crew`)).body.count).toBe(3);

      // Members may list anyone's teams; a guest only their own; non-members get 404.
      expect((await app.get(path, member.token)).status).toBe(200);
      expectError(await app.get(path, guest.token), 403);
      expect((await app.get(`/v1/orgs/${orgId}/members/${guest.userId}/teams`, guest.token)).body).toEqual({ count: 0, items: [] });
      expectError(await app.get(path, outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${outsider.userId}/teams`), 404, /member not found/);
      expectError(await app.get(`${path}?limit=1001`), 400, /limit/);
      expectError(await app.get(`${path}?owner=x`), 400, /property owner should not exist/);
    });
  });
});
