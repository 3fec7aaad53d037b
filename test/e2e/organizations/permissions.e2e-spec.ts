import { expectError, TestApp } from '../support/test-app';
import { orgWithPeople, Person } from './fixtures/org-members';

/**
 * The `permissions` objects of teams, team members, translation settings and the organization say
 * what the caller may do; here an admin and a member (and a guest) are checked side by side against
 * what the server then enforces.
 */
describe('permissions of teams, SSO and translations match enforcement', () => {
  let app: TestApp;
  let orgId: string;
  let admin: Person;
  let member: Person;
  let guest: Person;

  beforeAll(async () => {
    app = await TestApp.shared();
    ({ organizationId: orgId, admin, member, guest } = await orgWithPeople(app, 'perms'));
  });
  afterAll(() => app.stop());

  const ok = (status: number) => status >= 200 && status < 300;

  it('team: admin may administrate, a member may only view', async () => {
    const team = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Perms team', members: [member.userId] }, admin.token)).body;
    const path = `/v1/orgs/${orgId}/teams/${team.id}`;
    for (const [who, person] of [
      ['admin', admin],
      ['member', member],
    ] as const) {
      const read = await app.get(path, person.token);
      expect(read.status).toBe(200);
      const { permissions } = read.body;
      expect(permissions).toEqual({ admin: who === 'admin', view: true });
      expect(ok((await app.get(`${path}/members`, person.token)).status)).toBe(permissions.view);
      expect(ok((await app.patch(path, { title: `Renamed by ${who}` }, person.token)).status)).toBe(permissions.admin);
      expect(ok((await app.put(`/v1/orgs/${orgId}/teams`, { title: `New by ${who}` }, person.token)).status)).toBe(permissions.admin);
      const listed = await app.get(`/v1/orgs/${orgId}/teams`, person.token);
      expect(listed.body.items.every((t: any) => t.permissions.admin === (who === 'admin'))).toBe(true);
    }
    expectError(await app.delete(path, member.token), 403);
    expect((await app.delete(path, admin.token)).status).toBe(204);
  });

  it('team member items: view is granted and honoured for both', async () => {
    const team = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Viewable', members: [admin.userId, member.userId] })).body;
    for (const person of [admin, member]) {
      const list = await app.get(`/v1/orgs/${orgId}/teams/${team.id}/members`, person.token);
      expect(list.status).toBe(200);
      for (const item of list.body.items) {
        expect(item.permissions).toEqual({ view: true });
        expect((await app.get(`/v1/orgs/${orgId}/members/${item.organization.id}/teams`, person.token)).status).toBe(200);
      }
    }
  });

  it('organization permissions: listTeams and ownTeam match what teams endpoints allow', async () => {
    const team = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Owned by member', members: [member.userId] })).body;
    const manage = (person: Person) =>
      app.put(`/v1/orgs/${orgId}/teams/${team.id}/members/${admin.userId}`, { role: 'member' }, person.token);

    const before = (await app.get(`/v1/orgs/${orgId}`, member.token)).body.permissions;
    expect(before).toMatchObject({ admin: false, listTeams: true, ownTeam: false });
    expectError(await manage(member), 403);
    expect((await app.get(`/v1/orgs/${orgId}/teams`, member.token)).status).toBe(200);

    await app.put(`/v1/orgs/${orgId}/teams/${team.id}/members/${member.userId}`, { role: 'owner' }, admin.token);
    const after = (await app.get(`/v1/orgs/${orgId}`, member.token)).body.permissions;
    expect(after).toMatchObject({ admin: false, ownTeam: true });
    expect((await manage(member)).status).toBe(204);
    const owned = await app.get(`/v1/orgs/${orgId}/teams?owner=${member.userId}`, member.token);
    expect(owned.body.items.map((t: any) => t.id)).toEqual([team.id]);

    const adminPerms = (await app.get(`/v1/orgs/${orgId}`, admin.token)).body.permissions;
    expect(adminPerms).toMatchObject({ admin: true, listTeams: true });
    expect((await manage(admin)).status).toBe(204);

    const guestPerms = (await app.get(`/v1/orgs/${orgId}`, guest.token)).body.permissions;
    expect(guestPerms).toMatchObject({ admin: false, listTeams: false });
    expectError(await app.get(`/v1/orgs/${orgId}/teams`, guest.token), 403);
  });

  it('translation settings: edit for admins only, view for both', async () => {
    const created = (await app.post(`/v1/orgs/${orgId}/translations`, { title: 'Perms', languages: ['en'] }, admin.token)).body;
    const path = `/v1/orgs/${orgId}/translations/${created.id}`;
    for (const [who, person] of [
      ['admin', admin],
      ['member', member],
    ] as const) {
      const read = await app.get(path, person.token);
      expect(read.status).toBe(200);
      const { permissions } = read.body;
      expect(permissions).toEqual({ view: true, edit: who === 'admin' });
      expect(ok((await app.put(path, { title: `By ${who}` }, person.token)).status)).toBe(permissions.edit);
      expect(ok((await app.post(`/v1/orgs/${orgId}/translations`, { title: `New by ${who}` }, person.token)).status)).toBe(
        permissions.edit,
      );
    }
    expectError(await app.delete(path, member.token), 403);
    expect((await app.delete(path, admin.token)).status).toBe(205);
  });

  it('SAML providers: the organization admin permission decides who may see and change them', async () => {
    const team = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'SSO default' })).body;
    const created = await app.post(`/v1/orgs/${orgId}/saml`, { label: 'Perms IdP', defaultTeam: team.id }, admin.token);
    expect(created.status).toBe(201);
    expect(created.body.defaultTeam.permissions).toEqual({ admin: true, view: true });
    const path = `/v1/orgs/${orgId}/saml/${created.body.id}`;
    for (const person of [admin, member]) {
      const isAdmin = (await app.get(`/v1/orgs/${orgId}`, person.token)).body.permissions.admin;
      expect(ok((await app.get(`/v1/orgs/${orgId}/saml`, person.token)).status)).toBe(isAdmin);
      expect(ok((await app.get(path, person.token)).status)).toBe(isAdmin);
      expect(ok((await app.patch(path, { label: 'Changed' }, person.token)).status)).toBe(isAdmin);
      expect((await app.get(`/v1/orgs/${orgId}/sso`, person.token)).status).toBe(200);
    }
    expectError(await app.delete(path, member.token), 403);
    expect((await app.delete(path, admin.token)).status).toBe(204);
  });
});
