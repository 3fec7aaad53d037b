import { GitBookAPI, MemberRole } from '@gitbook/api';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectGitbookSchema } from '../support/gitbook-schema';
import {
  ContentCaller,
  ContentCast,
  contentCast,
  createSpace,
  expectValidAnswer,
  grant,
  spacePath,
  spacePermissions,
  spacesOf,
} from '../support/content-world';
import { collectAll, expectError, HttpResult, OWNER_TOKEN, TestApp } from '../support/test-app';
import { leaveOrg, newPerson, joinOrg, Person } from '../organizations/fixtures/org-members';

describe('space permissions', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;
  let teamId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'perms');
    org = cast.organizationId;
    teamId = (await app.put(`/v1/orgs/${org}/teams`, { title: 'Writers', members: [cast.reader.userId] })).body.id;
  });
  afterAll(() => app.stop());

  const permissions = (spaceId: string) => `${spacePath(spaceId)}/permissions`;
  const users = (spaceId: string, query = '', token?: string | null) => app.get(`${permissions(spaceId)}/users${query}`, token);
  const teams = (spaceId: string, query = '', token?: string | null) => app.get(`${permissions(spaceId)}/teams${query}`, token);
  const granted = (res: HttpResult) => res.body.items.map((p: any) => [(p.user ?? p.team).id, p.permission]);

  describe('POST /v1/spaces/{spaceId}/permissions (inviteToSpace) and the lists', () => {
    it('gives users and teams a role (204); the lists show the grants as GitBook objects', async () => {
      const space = await createSpace(app, org, { title: 'Shared' });
      const res = await app.post(permissions(space.id), { role: 'edit', users: [cast.guest.userId, cast.reader.userId] });
      expect(res.status).toBe(204);
      expectValidAnswer(schemas, 'POST', '/v1/spaces/{spaceId}/permissions', res);
      expect((await app.post(permissions(space.id), { role: 'review', teams: [teamId] })).status).toBe(204);

      const listed = await users(space.id);
      expect(listed.status).toBe(200);
      expectValidAnswer(schemas, 'GET', '/v1/spaces/{spaceId}/permissions/users', listed, 'UserContentPermission');
      // Grants given in one request share their time: ordered by id among themselves.
      expect(listed.body.count).toBe(2);
      expect(listed.body.items).toEqual(
        expect.arrayContaining([
          {
            permission: 'edit',
            user: {
              object: 'user',
              id: cast.guest.userId,
              displayName: 'Gale perms',
              email: cast.guest.email,
              urls: { location: `http://api.test/v1/users/${cast.guest.userId}` },
            },
          },
          { permission: 'edit', user: expect.objectContaining({ id: cast.reader.userId }) },
        ]),
      );
      const listedTeams = await teams(space.id);
      expectValidAnswer(schemas, 'GET', '/v1/spaces/{spaceId}/permissions/teams', listedTeams);
      expect(listedTeams.body.items).toEqual([
        { permission: 'review', team: expect.objectContaining({ object: 'team', id: teamId, title: 'Writers', members: 1 }) },
      ]);
      expectGitbookSchema('OrganizationTeam', listedTeams.body.items[0].team);

      // The grants decide: the reader is in the team (review), the guest now sees the space.
      expect((await app.get(spacePath(space.id), cast.reader.token)).body.permissions).toEqual(spacePermissions('review'));
      expect((await app.get(spacePath(space.id), cast.guest.token)).body.permissions).toEqual(spacePermissions('edit'));

      // Again with another role: changed in place; role null removes.
      await app.post(permissions(space.id), { role: 'read', users: [cast.guest.userId], teams: [teamId] });
      expect(granted(await users(space.id))).toEqual(
        expect.arrayContaining([
          [cast.guest.userId, 'read'],
          [cast.reader.userId, 'edit'],
        ]),
      );
      expect(granted(await teams(space.id))).toEqual([[teamId, 'read']]);
      await app.post(permissions(space.id), { role: null, users: [cast.guest.userId], teams: [teamId] });
      expect(granted(await users(space.id))).toEqual([[cast.reader.userId, 'edit']]);
      expect((await teams(space.id)).body).toEqual({ count: 0, items: [] });
      expectError(await app.get(spacePath(space.id), cast.guest.token), 404);
    });

    it('pages through the grants in the order they were given', async () => {
      const space = await createSpace(app, org, { title: 'Crowded' });
      const people: Person[] = [];
      for (let i = 0; i < 5; i++) {
        const person = await newPerson(app, `Crowd ${i}`);
        await joinOrg(app, org, person, 'read');
        people.push(person);
        await grant(app, space.id, { role: 'comment', users: [person.userId] });
      }
      const first = await users(space.id, '?limit=2');
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      expect((await collectAll(app, `${permissions(space.id)}/users?limit=2`)).map((p) => p.user.id)).toEqual(people.map((p) => p.userId));
      expectError(await users(space.id, '?limit=0'), 400, /limit/);
      expectError(await teams(space.id, '?role=read'), 400, /property role should not exist/);
    });

    it.each([
      [{ users: ['x'] }, /role must be one of read, comment, edit, review, create, admin or null/],
      [{ role: 'owner', users: ['x'] }, /role must be one of/],
      [{ role: 'read' }, /name at least one user or team/],
      [{ role: 'read', users: [] }, /users must contain at least 1 elements/],
      [{ role: 'read', users: [''] }, /users must contain user ids/],
      [{ role: 'read', users: 'x' }, /users must be an array/],
      [{ role: 'read', teams: [5] }, /teams/],
      [{ role: 'read', users: ['x'], message: 'hi' }, /property message should not exist/],
    ])('refuses %j with 400', async (body, message) => {
      const space = await createSpace(app, org, { title: 'Strict' });
      expectError(await app.post(permissions(space.id), body), 400, message);
    });

    it('refuses people outside the organization and teams of another, naming them (400)', async () => {
      const space = await createSpace(app, org, { title: 'Members only' });
      expectError(
        await app.post(permissions(space.id), { role: 'read', users: [cast.outsider.userId] }),
        400,
        new RegExp(`not members of the organization: ${cast.outsider.userId}`),
      );
      const otherTeam = (await app.put(`/v1/orgs/${(await contentCast(app, 'perms-other')).organizationId}/teams`, { title: 'Theirs' }))
        .body.id;
      expectError(
        await app.post(permissions(space.id), { role: 'read', teams: [otherTeam] }),
        400,
        new RegExp(`no such teams in the organization: ${otherTeam}`),
      );
      expect((await users(space.id)).body.count).toBe(0);
    });
  });

  describe('PATCH and DELETE .../permissions/users/{userId} and .../teams/{teamId}', () => {
    it("changes a user's grant (204), removes it with null or DELETE (205), and is 404 without one", async () => {
      const space = await createSpace(app, org, { title: 'Changing' });
      await grant(app, space.id, { role: 'read', users: [cast.guest.userId, cast.editor.userId] });
      const userPath = (userId: string) => `${permissions(space.id)}/users/${userId}`;
      const patched = await app.patch(userPath(cast.guest.userId), { role: 'comment' });
      expect(patched.status).toBe(204);
      expectValidAnswer(schemas, 'PATCH', '/v1/spaces/{spaceId}/permissions/users/{userId}', patched);
      expect(granted(await users(space.id))).toEqual([
        [cast.guest.userId, 'comment'],
        [cast.editor.userId, 'read'],
      ]);
      expect((await app.patch(userPath(cast.guest.userId), {})).status).toBe(204);
      expect((await app.patch(userPath(cast.guest.userId), { role: null })).status).toBe(204);
      expect(granted(await users(space.id))).toEqual([[cast.editor.userId, 'read']]);
      const removed = await app.delete(userPath(cast.editor.userId));
      expect(removed.status).toBe(205);
      expectValidAnswer(schemas, 'DELETE', '/v1/spaces/{spaceId}/permissions/users/{userId}', removed);
      expect((await users(space.id)).body).toEqual({ count: 0, items: [] });
      expectError(await app.delete(userPath(cast.editor.userId)), 404, /no such grant/);
      expectError(await app.patch(userPath(cast.reader.userId), { role: 'edit' }), 404, /no such grant/);
      expectError(await app.patch(userPath(cast.reader.userId), { role: 'owner' }), 400, /role must be one of/);
      expectError(await app.patch(userPath(cast.reader.userId), { role: 'read', extra: true }), 400, /property extra should not exist/);
    });

    it("changes a team's grant (204), removes it (205), and is 404 without one", async () => {
      const space = await createSpace(app, org, { title: 'Team access' });
      await grant(app, space.id, { role: 'read', teams: [teamId] });
      const teamPath = `${permissions(space.id)}/teams/${teamId}`;
      const patched = await app.patch(teamPath, { role: 'admin' });
      expect(patched.status).toBe(204);
      expectValidAnswer(schemas, 'PATCH', '/v1/spaces/{spaceId}/permissions/teams/{teamId}', patched);
      expect(granted(await teams(space.id))).toEqual([[teamId, 'admin']]);
      // The reader, in the team, now administers the space.
      expect((await app.patch(spacePath(space.id), { title: 'By the team' }, cast.reader.token)).status).toBe(200);
      const removed = await app.delete(teamPath);
      expect(removed.status).toBe(205);
      expectValidAnswer(schemas, 'DELETE', '/v1/spaces/{spaceId}/permissions/teams/{teamId}', removed);
      expectError(await app.patch(spacePath(space.id), { title: 'Again' }, cast.reader.token), 403);
      expectError(await app.delete(teamPath), 404, /no such grant/);
      expectError(await app.patch(teamPath, { role: 'read' }), 404, /no such grant/);
    });

    it("drops a deleted team's grants from the lists and from access", async () => {
      const space = await createSpace(app, org, { title: 'Team gone' });
      const team = (await app.put(`/v1/orgs/${org}/teams`, { title: 'Short-lived', members: [cast.guest.userId] })).body.id;
      await grant(app, space.id, { role: 'edit', teams: [team] });
      expect((await app.get(spacePath(space.id), cast.guest.token)).status).toBe(200);
      expect((await app.delete(`/v1/orgs/${org}/teams/${team}`)).status).toBe(204);
      expect((await teams(space.id)).body).toEqual({ count: 0, items: [] });
      expectError(await app.get(spacePath(space.id), cast.guest.token), 404);
    });

    it('gives nothing to someone who left the organization, whatever their grants', async () => {
      const space = await createSpace(app, org, { title: 'Former members' });
      const leaver = await newPerson(app, 'Lee Leaver');
      await joinOrg(app, org, leaver, null);
      await grant(app, space.id, { role: 'admin', users: [leaver.userId] });
      expect((await app.get(spacePath(space.id), leaver.token)).body.permissions).toEqual(spacePermissions('admin'));
      await leaveOrg(app, org, leaver.userId);
      expectError(await app.get(spacePath(space.id), leaver.token), 404);
      expectError(await app.patch(spacePath(space.id), { title: 'x' }, leaver.token), 404);
      // Their grant stays listed until removed, which needs no membership.
      expect(granted(await users(space.id))).toEqual([[leaver.userId, 'admin']]);
      expect((await app.delete(`${permissions(space.id)}/users/${leaver.userId}`)).status).toBe(205);
    });
  });

  describe('the permission matrix', () => {
    /** Each route, with what it answers each caller (a guest without any grant; a guest with a read grant). */
    type Caller = ContentCaller | 'grantedGuest';
    const CALLERS: Caller[] = ['admin', 'editor', 'reader', 'grantedGuest', 'guest', 'outsider', 'anonymous'];
    const READ: Record<Caller, number | 'ok'> = {
      admin: 200,
      editor: 200,
      reader: 200,
      grantedGuest: 200,
      guest: 404,
      outsider: 404,
      anonymous: 401,
    };
    const ADMIN: Record<Caller, number | 'ok'> = {
      admin: 'ok',
      editor: 403,
      reader: 403,
      grantedGuest: 403,
      guest: 404,
      outsider: 404,
      anonymous: 401,
    };
    const EDIT: Record<Caller, number | 'ok'> = { ...ADMIN, editor: 'ok' };
    const REVIEW = ADMIN;

    interface Route {
      name: string;
      expect: Record<Caller, number | 'ok'>;
      send(spaceId: string, token: string | null, fresh: () => Promise<string>): Promise<HttpResult>;
    }

    let grantedGuest: Person;
    let other: Person;

    beforeAll(async () => {
      grantedGuest = await newPerson(app, 'Gina Granted');
      await joinOrg(app, org, grantedGuest, null);
      other = await newPerson(app, 'Olga Other');
      await joinOrg(app, org, other, 'read');
    });

    const tokenOf = (caller: Caller) => (caller === 'grantedGuest' ? grantedGuest.token : cast.token(caller));

    /** A space the granted guest reads, where `other` holds a direct grant and the team one. */
    async function matrixSpace(): Promise<string> {
      const space = await createSpace(app, org, { title: 'Matrix' });
      await grant(app, space.id, { role: 'read', users: [grantedGuest.userId, other.userId] });
      await grant(app, space.id, { role: 'read', teams: [teamId] });
      return space.id;
    }

    const ROUTES: Route[] = [
      { name: 'GET space', expect: READ, send: (id, t) => app.get(spacePath(id), t) },
      { name: 'GET permissions/users', expect: READ, send: (id, t) => app.get(`${permissions(id)}/users`, t) },
      { name: 'GET permissions/teams', expect: READ, send: (id, t) => app.get(`${permissions(id)}/teams`, t) },
      { name: 'PATCH space', expect: ADMIN, send: (id, t) => app.patch(spacePath(id), { title: 'Matrixed' }, t) },
      { name: 'DELETE space', expect: ADMIN, send: (id, t) => app.delete(spacePath(id), t) },
      {
        name: 'POST restore',
        expect: ADMIN,
        send: async (id, t) => {
          await app.delete(spacePath(id));
          const res = await app.post(`${spacePath(id)}/restore`, undefined, t);
          if (res.status !== 200) await app.post(`${spacePath(id)}/restore`);
          return res;
        },
      },
      {
        name: 'POST move',
        expect: ADMIN,
        send: async (id, t, fresh) =>
          app.post(`${spacePath(id)}/move`, { position: { after: { type: 'space', space: await fresh() } } }, t),
      },
      {
        name: 'POST transfer',
        expect: ADMIN,
        send: async (id, t) =>
          app.post(`${spacePath(id)}/transfer`, { organization: (await app.post('/v1/orgs', { title: 'Target' })).body.id }, t),
      },
      {
        name: 'POST permissions',
        expect: ADMIN,
        send: (id, t) => app.post(permissions(id), { role: 'comment', users: [other.userId] }, t),
      },
      {
        name: 'PATCH permissions/users/{userId}',
        expect: ADMIN,
        send: (id, t) => app.patch(`${permissions(id)}/users/${other.userId}`, { role: 'edit' }, t),
      },
      {
        name: 'DELETE permissions/users/{userId}',
        expect: ADMIN,
        send: (id, t) => app.delete(`${permissions(id)}/users/${other.userId}`, t),
      },
      {
        name: 'PATCH permissions/teams/{teamId}',
        expect: ADMIN,
        send: (id, t) => app.patch(`${permissions(id)}/teams/${teamId}`, { role: 'edit' }, t),
      },
      { name: 'DELETE permissions/teams/{teamId}', expect: ADMIN, send: (id, t) => app.delete(`${permissions(id)}/teams/${teamId}`, t) },
      { name: 'POST duplicate', expect: ADMIN, send: (id, t) => app.post(`${spacePath(id)}/duplicate`, undefined, t) },
      // Content reads: live, change request, revision.
      { name: 'GET content', expect: READ, send: (id, t) => app.get(`${spacePath(id)}/content`, t) },
      { name: 'GET content/pages', expect: READ, send: (id, t) => app.get(`${spacePath(id)}/content/pages`, t) },
      { name: 'GET content/files', expect: READ, send: (id, t) => app.get(`${spacePath(id)}/content/files`, t) },
      { name: 'GET content/path/{path}', expect: READ, send: (id, t) => app.get(`${spacePath(id)}/content/path/untitled`, t) },
      {
        name: 'GET content/page/{pageId}',
        expect: READ,
        send: async (id, t) =>
          app.get(`${spacePath(id)}/content/page/${(await app.get(`${spacePath(id)}/content/pages`)).body.pages[0].id}`, t),
      },
      {
        name: 'GET revisions/{revisionId}',
        expect: READ,
        send: async (id, t) => app.get(`${spacePath(id)}/revisions/${(await app.get(spacePath(id))).body.revision}/pages`, t),
      },
      { name: 'GET change-requests/{id}/content', expect: READ, send: async (id, t) => app.get(`${await crIn(id)}/content/pages`, t) },
      // Change requests.
      {
        name: 'POST change-requests',
        expect: EDIT,
        send: (id, t) => app.post(`${spacePath(id)}/change-requests`, { subject: 'By anyone' }, t),
      },
      { name: 'GET change-requests', expect: READ, send: (id, t) => app.get(`${spacePath(id)}/change-requests`, t) },
      { name: 'GET change-requests/{id}', expect: READ, send: async (id, t) => app.get(await crIn(id), t) },
      { name: 'PATCH change-requests/{id}', expect: EDIT, send: async (id, t) => app.patch(await crIn(id), { subject: 'Renamed' }, t) },
      {
        name: 'POST change-requests/{id}/content',
        expect: EDIT,
        send: async (id, t) => app.post(`${await crIn(id)}/content`, { changes: [{ operation: 'insert_page' }] }, t),
      },
      { name: 'POST change-requests/{id}/update', expect: EDIT, send: async (id, t) => app.post(`${await crIn(id)}/update`, undefined, t) },
      { name: 'POST change-requests/{id}/merge', expect: REVIEW, send: async (id, t) => app.post(`${await crIn(id)}/merge`, undefined, t) },
      {
        name: 'GET change-requests/{id}/requested-reviewers',
        expect: READ,
        send: async (id, t) => app.get(`${await crIn(id)}/requested-reviewers`, t),
      },
      {
        name: 'POST change-requests/{id}/requested-reviewers',
        expect: EDIT,
        send: async (id, t) => app.post(`${await crIn(id)}/requested-reviewers`, { users: [other.userId] }, t),
      },
      {
        name: 'DELETE change-requests/{id}/requested-reviewers/{userId}',
        expect: EDIT,
        send: async (id, t) => {
          const cr = await crIn(id);
          await app.post(`${cr}/requested-reviewers`, { users: [other.userId] });
          return app.delete(`${cr}/requested-reviewers/${other.userId}`, t);
        },
      },
    ];

    /** A change request in the space (made by its admin), as its path. */
    async function crIn(spaceId: string): Promise<string> {
      const created = await app.post(`${spacePath(spaceId)}/change-requests`, { subject: 'Matrix' });
      return `${spacePath(spaceId)}/change-requests/${created.body.id}`;
    }

    it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
      const outcome: Record<string, number | string> = {};
      for (const caller of CALLERS) {
        const spaceId = await matrixSpace();
        const res = await route.send(spaceId, tokenOf(caller), () => matrixSpace());
        outcome[caller] = res.status >= 200 && res.status < 300 ? (route.expect[caller] === 'ok' ? 'ok' : res.status) : res.status;
        if (res.status >= 400) expect(res.body).toEqual({ error: { code: res.status, message: expect.any(String) } });
      }
      expect(outcome).toEqual(route.expect);
    });

    it('organization routes: create, list and member spaces', async () => {
      const space = await matrixSpace();
      const statuses = async (send: (token: string | null) => Promise<HttpResult>) => {
        const outcome: Record<string, number> = {};
        for (const caller of CALLERS) outcome[caller] = (await send(tokenOf(caller))).status;
        return outcome;
      };
      expect(await statuses((t) => app.post(spacesOf(org), { title: 'By anyone' }, t))).toEqual({
        admin: 201,
        editor: 403,
        reader: 403,
        grantedGuest: 403,
        guest: 403,
        outsider: 404,
        anonymous: 401,
      });
      expect(await statuses((t) => app.get(spacesOf(org), t))).toEqual({
        admin: 200,
        editor: 200,
        reader: 200,
        grantedGuest: 200,
        guest: 200,
        outsider: 404,
        anonymous: 401,
      });
      const seen = (token: string | null) =>
        app.get(`${spacesOf(org)}?limit=1000`, token).then((r) => r.body.items.map((s: any) => s.id).includes(space));
      expect(await seen(cast.reader.token)).toBe(true);
      expect(await seen(grantedGuest.token)).toBe(true);
      expect(await seen(cast.guest.token)).toBe(false);
      expect(await statuses((t) => app.get(`/v1/orgs/${org}/members/${cast.editor.userId}/spaces`, t))).toEqual({
        admin: 200,
        editor: 200,
        reader: 200,
        grantedGuest: 403,
        guest: 403,
        outsider: 404,
        anonymous: 401,
      });
    });
  });

  describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces (listSpacesForOrganizationMember)', () => {
    let memberOrg: ContentCast;
    let spaces: any[];

    beforeAll(async () => {
      memberOrg = await contentCast(app, 'member-spaces');
      spaces = [];
      for (const title of ['First', 'Second', 'Third']) spaces.push(await createSpace(app, memberOrg.organizationId, { title }));
      await grant(app, spaces[1].id, { role: 'review', users: [memberOrg.reader.userId] });
      await grant(app, spaces[2].id, { role: 'comment', users: [memberOrg.guest.userId] });
    });

    const memberSpaces = (userId: string, query = '', token?: string | null) =>
      app.get(`/v1/orgs/${memberOrg.organizationId}/members/${userId}/spaces${query}`, token);
    const rows = (res: HttpResult) => res.body.items.map((p: any) => [p.space.title, p.permission]);

    it("lists every space a member with a role sees, with the member's role in each, newest first", async () => {
      const res = await memberSpaces(memberOrg.reader.userId);
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', '/v1/orgs/{organizationId}/members/{userId}/spaces', res, 'MemberContentPermission');
      expect(rows(res)).toEqual([
        ['Third', 'read'],
        ['Second', 'review'],
        ['First', 'read'],
      ]);
      expect(res.body.count).toBe(3);
      // The space's permissions are the caller's (the owner, an admin), the permission the member's.
      expect(res.body.items[0].space.permissions).toEqual(spacePermissions('admin'));
      const own = await memberSpaces(memberOrg.reader.userId, '?order=asc', memberOrg.reader.token);
      expect(rows(own)).toEqual([
        ['First', 'read'],
        ['Second', 'review'],
        ['Third', 'read'],
      ]);
      expect(own.body.items[1].space.permissions).toEqual(spacePermissions('review'));
      expect(rows(await memberSpaces(memberOrg.ownerId))).toEqual([
        ['Third', 'admin'],
        ['Second', 'admin'],
        ['First', 'admin'],
      ]);
    });

    it('lists only the spaces granted to a guest, and pages', async () => {
      const res = await memberSpaces(memberOrg.guest.userId, '', memberOrg.guest.token);
      expect(rows(res)).toEqual([['Third', 'comment']]);
      expect(rows(await memberSpaces(memberOrg.guest.userId))).toEqual([['Third', 'comment']]);
      const paged = await collectAll(
        app,
        `/v1/orgs/${memberOrg.organizationId}/members/${memberOrg.editor.userId}/spaces?limit=2&order=asc`,
      );
      expect(paged.map((p) => [p.space.title, p.permission])).toEqual([
        ['First', 'edit'],
        ['Second', 'edit'],
        ['Third', 'edit'],
      ]);
      const first = await memberSpaces(memberOrg.editor.userId, '?limit=2');
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    });

    it('leaves deleted spaces out, and follows grants as they change', async () => {
      const extra = await createSpace(app, memberOrg.organizationId, { title: 'Fourth' });
      await grant(app, extra.id, { role: 'edit', users: [memberOrg.guest.userId] });
      expect(rows(await memberSpaces(memberOrg.guest.userId))).toEqual([
        ['Fourth', 'edit'],
        ['Third', 'comment'],
      ]);
      await app.delete(spacePath(extra.id));
      expect(rows(await memberSpaces(memberOrg.guest.userId))).toEqual([['Third', 'comment']]);
      expect((await memberSpaces(memberOrg.reader.userId)).body.count).toBe(3);
    });

    it('answers 403 to guests asking about others, 404 for non-members, 400 for bad queries', async () => {
      expectError(await memberSpaces(memberOrg.reader.userId, '', memberOrg.guest.token), 403);
      expectError(await memberSpaces(memberOrg.outsider.userId), 404, /member not found/);
      expectError(await memberSpaces(memberOrg.reader.userId, '', memberOrg.outsider.token), 404);
      expectError(await memberSpaces(memberOrg.reader.userId, '', null), 401);
      expectError(await memberSpaces(memberOrg.reader.userId, '?order=new'), 400, /order must be asc or desc/);
      expectError(await memberSpaces(memberOrg.reader.userId, '?limit=5000'), 400, /limit/);
    });
  });

  describe('the GitBook client', () => {
    it('invites, lists, updates and removes space permissions unchanged', async () => {
      const api = new GitBookAPI({ authToken: OWNER_TOKEN, endpoint: app.url });
      const space = await createSpace(app, org, { title: 'Client permissions' });
      expect((await api.spaces.inviteToSpace(space.id, { role: MemberRole.Read, users: [cast.guest.userId] })).status).toBe(204);
      expect((await api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, teams: [teamId] })).status).toBe(204);
      const listed = await api.spaces.listUserPermissionsInSpace(space.id);
      expect(listed.data.items.map((p) => [p.user.id, p.permission])).toEqual([[cast.guest.userId, 'read']]);
      expect((await api.spaces.listTeamPermissionsInSpace(space.id)).data.items.map((p) => p.team.id)).toEqual([teamId]);
      expect((await api.spaces.updateUserPermissionInSpace(space.id, cast.guest.userId, { role: MemberRole.Comment })).status).toBe(204);
      expect((await api.spaces.updateTeamPermissionInSpace(space.id, teamId, { role: MemberRole.Review })).status).toBe(204);
      expect((await api.spaces.removeUserFromSpace(space.id, cast.guest.userId)).status).toBe(205);
      expect((await api.spaces.removeTeamFromSpace(space.id, teamId)).status).toBe(205);
      const member = await api.orgs.listSpacesForOrganizationMember(org, cast.reader.userId, { limit: 1000 });
      expect(member.data.items.map((p) => p.space.id)).toContain(space.id);
    });
  });
});
