import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { AnswerSchemas } from '../support/answer-schemas';
import {
  ContentCast,
  contentCast,
  createCollection,
  createSpace,
  expectValidAnswer,
  grant,
  spacePath,
  spacePermissions,
  spacesOf,
} from '../support/content-world';
import { collectAll, expectError, HttpResult, OWNER_TOKEN, TestApp } from '../support/test-app';
import { joinOrg, newPerson } from '../organizations/fixtures/org-members';

const ids = (items: { id: string }[]) => items.map((s) => s.id);

describe('spaces', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'spaces');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  const valid = (method: string, template: string, res: HttpResult, gitbook = 'Space') =>
    expectValidAnswer(schemas, method, template, res, gitbook);

  describe('POST /v1/orgs/{organizationId}/spaces (createSpace)', () => {
    it('creates a space at the top level with a new live revision, answering 201 with Location', async () => {
      const res = await app.post(spacesOf(org), { title: 'Handbook', emoji: '📘' });
      expect(res.status).toBe(201);
      valid('POST', '/v1/orgs/{organizationId}/spaces', res);
      const space = res.body;
      expect(space).toEqual({
        object: 'space',
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        title: 'Handbook',
        emoji: '📘',
        visibility: 'private',
        createdAt: expect.any(String),
        updatedAt: space.createdAt,
        editMode: 'live',
        mergeRules: { type: 'inherit' },
        urls: { location: `http://api.test/v1/spaces/${space.id}`, app: `http://app.test/s/${space.id}` },
        organization: org,
        revision: expect.any(String),
        defaultLevel: null,
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        permissions: spacePermissions('admin'),
      });
      expect(res.headers.get('location')).toBe(space.urls.location);
      expect(new Date(space.createdAt).toISOString()).toBe(space.createdAt);
      // Read your writes.
      expect((await app.get(spacePath(space.id))).body).toEqual(space);
      const other = await createSpace(app, org, { title: 'Other' });
      expect(other.revision).not.toBe(space.revision);
      expect(other.id).not.toBe(space.id);
    });

    it('takes defaults without a body, and accepts editMode, an empty emoji and empty: true', async () => {
      const bare = await app.post(spacesOf(org));
      expect(bare.status).toBe(201);
      expect(bare.body).toMatchObject({ title: 'Untitled', emoji: '', editMode: 'live', defaultLevel: null });
      const locked = await app.post(spacesOf(org), { title: 'Frozen', emoji: '', editMode: 'locked', empty: true });
      expect(locked.status).toBe(201);
      valid('POST', '/v1/orgs/{organizationId}/spaces', locked);
      expect(locked.body).toMatchObject({ title: 'Frozen', editMode: 'locked' });
      expect((await app.post(spacesOf(org), { title: 'Full', empty: false })).status).toBe(201);
    });

    it('places a space in a collection of the organization, inheriting its level', async () => {
      const collection = await createCollection(app, org, 'Guides');
      const res = await app.post(spacesOf(org), { title: 'In a collection', parent: collection });
      expect(res.status).toBe(201);
      valid('POST', '/v1/orgs/{organizationId}/spaces', res);
      expect(res.body).toMatchObject({ parent: collection, defaultLevel: 'inherit', visibility: 'in-collection' });
      const elsewhere = await contentCast(app, 'spaces-elsewhere');
      const foreign = await createCollection(app, elsewhere.organizationId, 'Foreign');
      expectError(await app.post(spacesOf(org), { parent: foreign }), 400, /parent: no collection/);
      expectError(await app.post(spacesOf(org), { parent: 'nonexistent' }), 400, /parent: no collection nonexistent/);
    });

    it.each([
      [{ title: 'x'.repeat(51) }, /title must be shorter than or equal to 50 characters/],
      [{ title: null }, /title/],
      [{ title: 7 }, /title must be a string/],
      [{ emoji: 'x'.repeat(51) }, /emoji must be shorter than or equal to 50 characters/],
      [{ editMode: 'frozen' }, /editMode must be one of live, locked/],
      [{ empty: 'yes' }, /empty must be a boolean/],
      [{ parent: '' }, /parent/],
      [{ language: 'fr' }, /language is not supported: spaces carry no language/],
      [{ template: { id: 't' } }, /template is not supported: templates are not served/],
      [{ computedSource: {} }, /computedSource is not supported: computed content is not served/],
      [{ defaultLevel: 'read' }, /property defaultLevel should not exist/],
    ])('refuses %j with 400', async (body, message) => {
      expectError(await app.post(spacesOf(org), body), 400, message);
    });

    it('needs the create role: 403 for editors, readers and guests, 404 for non-members, 401 without a token', async () => {
      expectError(await app.post(spacesOf(org), { title: 'x' }, cast.editor.token), 403, /create or admin role/);
      expectError(await app.post(spacesOf(org), { title: 'x' }, cast.reader.token), 403);
      expectError(await app.post(spacesOf(org), { title: 'x' }, cast.guest.token), 403);
      expectError(await app.post(spacesOf(org), { title: 'x' }, cast.outsider.token), 404, /organization not found/);
      expectError(await app.post(spacesOf(org), { title: 'x' }, null), 401);
      expectError(await app.post(spacesOf('unknownOrganization0'), { title: 'x' }), 404);
      const creator = await newPerson(app, 'Cleo Creator');
      await joinOrg(app, org, creator, 'create');
      const res = await app.post(spacesOf(org), { title: 'By a creator' }, creator.token);
      expect(res.status).toBe(201);
      // A creator's role reaches every space as `create`: everything but admin.
      expect(res.body.permissions).toEqual(spacePermissions('create'));
    });
  });

  describe('GET /v1/orgs/{organizationId}/spaces (listSpacesInOrganizationById)', () => {
    let listOrg: ContentCast;
    let spaces: any[];

    beforeAll(async () => {
      listOrg = await contentCast(app, 'spaces-list');
      spaces = [];
      for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) spaces.push(await createSpace(app, listOrg.organizationId, { title }));
    });

    it('lists the spaces by rank, paged, with a total count, as GitBook Spaces', async () => {
      const first = await app.get(`${spacesOf(listOrg.organizationId)}?limit=2`);
      expect(first.status).toBe(200);
      valid('GET', '/v1/orgs/{organizationId}/spaces', first);
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      expect(first.body.items).toHaveLength(2);
      expect(ids(await collectAll(app, `${spacesOf(listOrg.organizationId)}?limit=2`))).toEqual(ids(spaces));
      const all = await app.get(spacesOf(listOrg.organizationId));
      expect(all.body.next).toBeUndefined();
      expect(all.body.items[0]).toEqual(spaces[0]);
    });

    it('shows each caller their own permissions; guests see only what is granted to them or their teams', async () => {
      const read = await app.get(spacesOf(listOrg.organizationId), listOrg.reader.token);
      expect(read.body.count).toBe(5);
      expect(read.body.items.every((s: any) => JSON.stringify(s.permissions) === JSON.stringify(spacePermissions('read')))).toBe(true);
      const edit = await app.get(spacesOf(listOrg.organizationId), listOrg.editor.token);
      expect(edit.body.items[0].permissions).toEqual(spacePermissions('edit'));

      expect((await app.get(spacesOf(listOrg.organizationId), listOrg.guest.token)).body).toEqual({ count: 0, items: [] });
      const team = await app.put(`/v1/orgs/${listOrg.organizationId}/teams`, { title: 'Guests', members: [listOrg.guest.userId] });
      await grant(app, spaces[3].id, { role: 'comment', users: [listOrg.guest.userId] });
      await grant(app, spaces[1].id, { role: 'read', teams: [team.body.id] });
      const guest = await app.get(`${spacesOf(listOrg.organizationId)}?limit=1`, listOrg.guest.token);
      valid('GET', '/v1/orgs/{organizationId}/spaces', guest);
      expect(guest.body).toMatchObject({ count: 2, next: { page: expect.any(String) } });
      const granted = await collectAll(app, `${spacesOf(listOrg.organizationId)}?limit=1`, listOrg.guest.token);
      expect(ids(granted)).toEqual([spaces[1].id, spaces[3].id]);
      expect(granted.map((s) => s.permissions.comment)).toEqual([false, true]);
    });

    it('leaves deleted spaces out of the list and its count', async () => {
      const extra = await createSpace(app, listOrg.organizationId, { title: 'Soon gone' });
      expect((await app.get(spacesOf(listOrg.organizationId))).body.count).toBe(6);
      expect((await app.delete(spacePath(extra.id))).status).toBe(205);
      const after = await app.get(spacesOf(listOrg.organizationId));
      expect(after.body.count).toBe(5);
      expect(ids(after.body.items)).not.toContain(extra.id);
    });

    it('answers 404 to non-members, 401 without a token, 400 for bad queries', async () => {
      expectError(await app.get(spacesOf(listOrg.organizationId), listOrg.outsider.token), 404);
      expectError(await app.get(spacesOf(listOrg.organizationId), null), 401);
      expectError(await app.get(`${spacesOf(listOrg.organizationId)}?limit=5000`), 400, /limit/);
      expectError(await app.get(`${spacesOf(listOrg.organizationId)}?page=garbage`), 400, /page/);
      expectError(await app.get(`${spacesOf(listOrg.organizationId)}?sort=title`), 400, /property sort should not exist/);
    });
  });

  describe('GET /v1/spaces/{spaceId} (getSpaceById)', () => {
    it("answers the space with the caller's permissions, and accepts shareKey", async () => {
      const space = await createSpace(app, org, { title: 'Readable' });
      for (const [caller, role] of [
        ['admin', 'admin'],
        ['editor', 'edit'],
        ['reader', 'read'],
      ] as const) {
        const res = await app.get(spacePath(space.id), cast.token(caller));
        expect(res.status).toBe(200);
        valid('GET', '/v1/spaces/{spaceId}', res);
        expect(res.body.permissions).toEqual(spacePermissions(role));
      }
      expect((await app.get(`${spacePath(space.id)}?shareKey=abc`)).body.id).toBe(space.id);
      expectError(await app.get(`${spacePath(space.id)}?shareKey=${'x'.repeat(300)}`), 400, /shareKey/);
      expectError(await app.get(`${spacePath(space.id)}?format=markdown`), 400, /property format should not exist/);
    });

    it('is 404 for unknown spaces, guests without a grant and non-members; 401 without a token', async () => {
      const space = await createSpace(app, org, { title: 'Hidden' });
      expectError(await app.get(spacePath('unknownSpace0')), 404, /space not found/);
      expectError(await app.get(spacePath(space.id), cast.guest.token), 404, /space not found/);
      expectError(await app.get(spacePath(space.id), cast.outsider.token), 404, /space not found/);
      expectError(await app.get(spacePath(space.id), null), 401);
      await grant(app, space.id, { role: 'read', users: [cast.guest.userId] });
      expect((await app.get(spacePath(space.id), cast.guest.token)).body.permissions).toEqual(spacePermissions('read'));
    });
  });

  describe('PATCH /v1/spaces/{spaceId} (updateSpaceById)', () => {
    it('changes the title, emoji, edit mode and default level; the next read sees it', async () => {
      const space = await createSpace(app, org, { title: 'Draft', emoji: '🙂' });
      const res = await app.patch(spacePath(space.id), { title: 'Final', emoji: '🎉', editMode: 'locked', defaultLevel: 'comment' });
      expect(res.status).toBe(200);
      valid('PATCH', '/v1/spaces/{spaceId}', res);
      expect(res.body).toMatchObject({ title: 'Final', emoji: '🎉', editMode: 'locked', defaultLevel: 'comment' });
      expect(res.body.updatedAt >= space.updatedAt).toBe(true);
      expect((await app.get(spacePath(space.id))).body).toEqual(res.body);
      // The default level reaches members with a weaker role, never guests.
      expect((await app.get(spacePath(space.id), cast.reader.token)).body.permissions).toEqual(spacePermissions('comment'));
      expectError(await app.get(spacePath(space.id), cast.guest.token), 404);
      const cleared = await app.patch(spacePath(space.id), { emoji: null, defaultLevel: null });
      expect(cleared.body).toMatchObject({ emoji: '', defaultLevel: null });
      expect((await app.patch(spacePath(space.id), {})).body).toEqual(cleared.body);
    });

    it('takes inherit only for a space in a collection', async () => {
      const top = await createSpace(app, org, { title: 'Top' });
      expectError(await app.patch(spacePath(top.id), { defaultLevel: 'inherit' }), 400, /inherit/);
      const collection = await createCollection(app, org, 'Inheriting');
      const inside = await createSpace(app, org, { title: 'Inside', parent: collection });
      const own = await app.patch(spacePath(inside.id), { defaultLevel: 'read' });
      expect(own.body).toMatchObject({ defaultLevel: 'read', visibility: 'private' });
      expect((await app.patch(spacePath(inside.id), { defaultLevel: 'inherit' })).body).toMatchObject({
        defaultLevel: 'inherit',
        visibility: 'in-collection',
      });
    });

    it.each([
      [{ title: 'x'.repeat(51) }, /title must be shorter/],
      [{ title: null }, /title/],
      [{ emoji: 5 }, /emoji must be a string/],
      [{ editMode: 'open' }, /editMode must be one of live, locked/],
      [{ defaultLevel: 'owner' }, /defaultLevel must be one of read, comment, edit, review, create, admin, inherit or null/],
      [{ language: 'fr' }, /language is not supported: spaces carry no language/],
      [{ mergeRules: { type: 'open' } }, /mergeRules must be an object whose type is inherit, none or rules/],
      [{ icon: 'https://x.test/i.png' }, /icon is not supported: spaces have an emoji, not an icon/],
    ])('refuses %j with 400', async (body, message) => {
      const space = await createSpace(app, org, { title: 'Strict' });
      expectError(await app.patch(spacePath(space.id), body), 400, message);
    });

    it('needs the admin role in the space: 403 for editors and readers, 404 for those who cannot see it', async () => {
      const space = await createSpace(app, org, { title: 'Guarded' });
      expectError(await app.patch(spacePath(space.id), { title: 'x' }, cast.editor.token), 403, /admin role in the space/);
      expectError(await app.patch(spacePath(space.id), { title: 'x' }, cast.reader.token), 403);
      expectError(await app.patch(spacePath(space.id), { title: 'x' }, cast.guest.token), 404);
      expectError(await app.patch(spacePath(space.id), { title: 'x' }, cast.outsider.token), 404);
      expectError(await app.patch(spacePath(space.id), { title: 'x' }, null), 401);
      // A direct admin grant makes an editor a space admin.
      await grant(app, space.id, { role: 'admin', users: [cast.editor.userId] });
      expect((await app.patch(spacePath(space.id), { title: 'By the editor' }, cast.editor.token)).body.title).toBe('By the editor');
    });
  });

  describe('DELETE /v1/spaces/{spaceId} and POST .../restore', () => {
    it('moves a space to the trash (205), where it is 404, and restores it (200)', async () => {
      const space = await createSpace(app, org, { title: 'Trashable' });
      const deleted = await app.delete(spacePath(space.id));
      expect(deleted.status).toBe(205);
      valid('DELETE', '/v1/spaces/{spaceId}', deleted);
      expect(deleted.body).toBeUndefined();
      expectError(await app.get(spacePath(space.id)), 404, /space not found/);
      expectError(await app.patch(spacePath(space.id), { title: 'x' }), 404);
      expectError(await app.delete(spacePath(space.id)), 404);
      expectError(await app.get(`${spacePath(space.id)}/permissions/users`), 404);

      expectError(await app.post(`${spacePath(space.id)}/restore`, undefined, cast.editor.token), 403, /admin role/);
      expectError(await app.post(`${spacePath(space.id)}/restore`, undefined, cast.outsider.token), 404);
      const restored = await app.post(`${spacePath(space.id)}/restore`);
      expect(restored.status).toBe(200);
      valid('POST', '/v1/spaces/{spaceId}/restore', restored);
      expect(restored.body).toMatchObject({ id: space.id, title: 'Trashable' });
      expect(restored.body.deletedAt).toBeUndefined();
      expect((await app.get(spacePath(space.id))).status).toBe(200);
      expectError(await app.post(`${spacePath(space.id)}/restore`), 409, /not deleted/);
    });

    it('needs the admin role to delete; refuses a body on restore', async () => {
      const space = await createSpace(app, org, { title: 'Kept' });
      expectError(await app.delete(spacePath(space.id), cast.editor.token), 403, /admin role/);
      expectError(await app.delete(spacePath(space.id), cast.reader.token), 403);
      expectError(await app.delete(spacePath(space.id), cast.guest.token), 404);
      expectError(await app.delete(spacePath(space.id), cast.outsider.token), 404);
      expectError(await app.delete(spacePath(space.id), null), 401);
      expectError(await app.delete(spacePath('unknownSpace0')), 404);
      expectError(await app.post(`${spacePath(space.id)}/restore`, { now: true }), 400, /takes no body/);
      expectError(await app.post(`${spacePath('unknownSpace0')}/restore`), 404);
    });
  });

  describe('POST /v1/spaces/{spaceId}/move (moveSpace)', () => {
    let moveOrg: string;

    beforeEach(async () => {
      moveOrg = (await contentCast(app, 'spaces-move')).organizationId;
    });

    const order = async (organizationId = moveOrg) => (await collectAll(app, `${spacesOf(organizationId)}?limit=2`)).map((s) => s.title);
    const move = (spaceId: string, body: unknown, token?: string | null) => app.post(`${spacePath(spaceId)}/move`, body, token);

    it('places a space before or after a sibling, or last, and keeps the order', async () => {
      const [a, b, c] = [
        await createSpace(app, moveOrg, { title: 'A' }),
        await createSpace(app, moveOrg, { title: 'B' }),
        await createSpace(app, moveOrg, { title: 'C' }),
      ];
      const res = await move(c.id, { position: { before: { type: 'space', space: a.id } } });
      expect(res.status).toBe(200);
      valid('POST', '/v1/spaces/{spaceId}/move', res);
      expect(await order()).toEqual(['C', 'A', 'B']);
      await move(a.id, { position: { after: { type: 'space', space: b.id } } });
      expect(await order()).toEqual(['C', 'B', 'A']);
      await move(a.id, { position: { after: { type: 'space', space: c.id }, before: { type: 'space', space: b.id } } });
      expect(await order()).toEqual(['C', 'A', 'B']);
      await move(c.id, { parent: null });
      expect(await order()).toEqual(['A', 'B', 'C']);
      // Many moves into the same gap keep finding room.
      for (let i = 0; i < 10; i++) await move(i % 2 === 0 ? c.id : b.id, { position: { after: { type: 'space', space: a.id } } });
      expect(await order()).toEqual(['A', 'B', 'C']);
    });

    it('moves into a collection and back to the top level', async () => {
      const collection = await createCollection(app, moveOrg, 'Shelf');
      const a = await createSpace(app, moveOrg, { title: 'A' });
      const b = await createSpace(app, moveOrg, { title: 'B', parent: collection });
      const into = await move(a.id, { parent: collection, position: { before: { type: 'space', space: b.id } } });
      expect(into.status).toBe(200);
      expect(into.body).toMatchObject({ parent: collection, defaultLevel: null, visibility: 'private' });
      expect(await order()).toEqual(['A', 'B']);
      const out = await move(b.id, { parent: null });
      expect(out.body.parent).toBeUndefined();
      // Naming a sibling alone takes the sibling's parent.
      const back = await move(b.id, { position: { after: { type: 'space', space: a.id } } });
      expect(back.body.parent).toBe(collection);
    });

    it('answers 200 with the space for a move that changes nothing, and appends no event', async () => {
      const noop = await contentCast(app, 'spaces-move-noop');
      const collection = await createCollection(app, noop.organizationId, 'Elsewhere');
      const [a, b] = [
        await createSpace(app, noop.organizationId, { title: 'A' }),
        await createSpace(app, noop.organizationId, { title: 'B' }),
      ];
      const inside = await createSpace(app, noop.organizationId, { title: 'Inside', parent: collection });
      const before = await Promise.all([a, b, inside].map((s) => app.readStream(`space-${s.id}`)));
      const stays = async (spaceId: string, body: unknown) => {
        const res = await move(spaceId, body);
        expect(res.status).toBe(200);
        valid('POST', '/v1/spaces/{spaceId}/move', res);
        expect(res.body).toEqual((await app.get(spacePath(spaceId))).body);
        return res.body;
      };
      await stays(b.id, { parent: null });
      await stays(b.id, { position: { after: { type: 'space', space: a.id } } });
      await stays(a.id, { position: { before: { type: 'space', space: b.id } } });
      // Created first, the collection is a sibling at the top level, right before A.
      await stays(a.id, { position: { after: { type: 'collection', collection } } });
      expect((await stays(inside.id, { parent: collection })).parent).toBe(collection);
      const after = await Promise.all([a, b, inside].map((s) => app.readStream(`space-${s.id}`)));
      expect(after).toEqual(before);
      // Who may move it is still checked.
      expectError(await move(b.id, { parent: null }, noop.editor.token), 403, /admin role/);
      expectError(await move(b.id, { parent: null }, noop.outsider.token), 404);
    });

    it('answers 400 for impossible positions', async () => {
      const collection = await createCollection(app, moveOrg, 'Elsewhere');
      const [a, b] = [await createSpace(app, moveOrg, { title: 'A' }), await createSpace(app, moveOrg, { title: 'B' })];
      const inside = await createSpace(app, moveOrg, { title: 'Inside', parent: collection });
      expectError(await move(a.id, {}), 400, /position/);
      expectError(await move(a.id, { position: { after: { type: 'space', space: a.id } } }), 400, /no other space/);
      expectError(
        await move(a.id, { position: { after: { type: 'space', space: 'unknownSpace0' } } }),
        400,
        /no other space unknownSpace0/,
      );
      expectError(
        await move(a.id, { parent: collection, position: { after: { type: 'collection', collection } } }),
        400,
        /position.after: collection .* is not among the children/,
      );
      expectError(
        await move(a.id, { position: { before: { type: 'collection', collection: 'unknownCollection' } } }),
        400,
        /position.before: no other collection unknownCollection/,
      );
      expectError(
        await move(a.id, { parent: null, position: { after: { type: 'space', space: inside.id } } }),
        400,
        /not among the children/,
      );
      expectError(
        await move(a.id, { position: { after: { type: 'space', space: b.id }, before: { type: 'space', space: b.id } } }),
        400,
        /after/,
      );
      expectError(await move(a.id, { parent: 'nonexistent' }), 400, /parent: no collection nonexistent/);
      expectError(await move(a.id, { position: { after: { type: 'space' } } }), 400, /space/);
      expectError(
        await move(a.id, { position: { after: { type: 'space', space: b.id, extra: 1 } } }),
        400,
        /property position.after.extra should not exist/,
      );
      expectError(await move(a.id, { parent: 5 }), 400, /parent must be a string/);
    });

    it('shares the order with sibling collections: places a space next to a collection, and a collection next to a space', async () => {
      const [a, b] = [await createSpace(app, moveOrg, { title: 'A' }), await createSpace(app, moveOrg, { title: 'B' })];
      const shelf = await createCollection(app, moveOrg, 'Shelf');
      const c = await createSpace(app, moveOrg, { title: 'C' });
      const nextToShelf = (side: 'before' | 'after') => ({ position: { [side]: { type: 'collection', collection: shelf } } });
      // Created last, the collection sits between B and C: a space right after it lands there too.
      const res = await move(a.id, nextToShelf('after'));
      expect(res.status).toBe(200);
      valid('POST', '/v1/spaces/{spaceId}/move', res);
      expect(await order()).toEqual(['B', 'A', 'C']);
      expect((await move(a.id, nextToShelf('after'))).status).toBe(200);
      await move(c.id, nextToShelf('before'));
      expect(await order()).toEqual(['B', 'C', 'A']);
      // The collection moves right after B (B, Shelf, C, A), then A goes between B and the collection.
      const shelfMoved = await app.post(`/v1/collections/${shelf}/move`, { position: { after: { type: 'space', space: b.id } } });
      expect(shelfMoved.status).toBe(200);
      // Already right before C: a move that changes nothing answers the collection as it is.
      const stays = await app.post(`/v1/collections/${shelf}/move`, { position: { before: { type: 'space', space: c.id } } });
      expect(stays).toMatchObject({ status: 200, body: shelfMoved.body });
      await move(a.id, { position: { after: { type: 'space', space: b.id }, before: { type: 'collection', collection: shelf } } });
      expect(await order()).toEqual(['B', 'A', 'C']);
      expectError(
        await move(a.id, { position: { after: { type: 'collection', collection: shelf }, before: { type: 'space', space: b.id } } }),
        400,
        /`after` must name a sibling placed before/,
      );
      // A space in the trash is no sibling to name; a space inside the collection is no sibling of it.
      await app.delete(spacePath(c.id));
      expectError(
        await app.post(`/v1/collections/${shelf}/move`, { position: { before: { type: 'space', space: c.id } } }),
        400,
        /no other space/,
      );
      const inside = await createSpace(app, moveOrg, { title: 'Inside', parent: shelf });
      expectError(
        await app.post(`/v1/collections/${shelf}/move`, { position: { after: { type: 'space', space: inside.id } } }),
        400,
        /among the children of the target parent/,
      );
      // A new space goes after every child, of either kind.
      const sub = await createCollection(app, moveOrg, 'Last');
      const d = await createSpace(app, moveOrg, { title: 'D' });
      expect((await move(d.id, { position: { after: { type: 'collection', collection: sub } } })).status).toBe(200);
    });

    it('needs the admin role: 403 for editors and readers, 404 for those who cannot see it', async () => {
      const cast2 = await contentCast(app, 'spaces-move-perms');
      const [a, b] = [
        await createSpace(app, cast2.organizationId, { title: 'A' }),
        await createSpace(app, cast2.organizationId, { title: 'B' }),
      ];
      const body = { position: { before: { type: 'space', space: a.id } } };
      expectError(await move(b.id, body, cast2.editor.token), 403, /admin role/);
      expectError(await move(b.id, body, cast2.reader.token), 403);
      expectError(await move(b.id, body, cast2.guest.token), 404);
      expectError(await move(b.id, body, cast2.outsider.token), 404);
      expectError(await move(b.id, body, null), 401);
    });
  });

  describe('GET /v1/collections/{collectionId}/spaces (listSpacesInCollectionById)', () => {
    let listCast: ContentCast;
    let shelf: string;
    const inShelf = (id = shelf) => `/v1/collections/${id}/spaces`;
    const template = '/v1/collections/{collectionId}/spaces';

    beforeAll(async () => {
      listCast = await contentCast(app, 'collection-spaces');
      const { organizationId } = listCast;
      shelf = await createCollection(app, organizationId, 'Shelf');
      const inner = (await app.post(`/v1/orgs/${organizationId}/collections`, { title: 'Inner', parent: shelf })).body.id;
      for (const title of ['One', 'Two', 'Three']) await createSpace(app, organizationId, { title, parent: shelf });
      await createSpace(app, organizationId, { title: 'Top level' });
      await createSpace(app, organizationId, { title: 'Deeper', parent: inner });
      const trashed = await createSpace(app, organizationId, { title: 'Trashed', parent: shelf });
      expect((await app.delete(spacePath(trashed.id))).status).toBe(205);
    });

    it("pages through the collection's own spaces in order, as GitBook Spaces, leaving out the trash and sub-collections", async () => {
      const first = await app.get(`${inShelf()}?limit=2`);
      expect(first.status).toBe(200);
      valid('GET', template, first);
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
      expect(first.body.items.map((s: any) => s.title)).toEqual(['One', 'Two']);
      expect(first.body.items[0]).toMatchObject({
        object: 'space',
        parent: shelf,
        visibility: 'in-collection',
        permissions: spacePermissions('admin'),
      });
      const second = await app.get(`${inShelf()}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
      valid('GET', template, second);
      expect(second.body.items.map((s: any) => s.title)).toEqual(['Three']);
      expect(second.body.next).toBeUndefined();
      // Read-your-writes: a move reorders the list at once.
      const [one, , three] = await collectAll(app, inShelf());
      expect((await app.post(`${spacePath(three.id)}/move`, { position: { before: { type: 'space', space: one.id } } })).status).toBe(200);
      expect((await collectAll(app, `${inShelf()}?limit=1`)).map((s) => s.title)).toEqual(['Three', 'One', 'Two']);
    });

    it("shows each member the caller's own permissions", async () => {
      const asReader = await app.get(inShelf(), listCast.reader.token);
      expect(asReader.status).toBe(200);
      valid('GET', template, asReader);
      expect(asReader.body.items[0].permissions).toEqual(spacePermissions('read'));
      expect((await app.get(inShelf(), listCast.editor.token)).body.items[0].permissions).toEqual(spacePermissions('edit'));
    });

    it('answers an empty page for a collection without spaces', async () => {
      const empty = await createCollection(app, listCast.organizationId, 'Empty');
      const res = await app.get(inShelf(empty));
      valid('GET', template, res);
      expect(res.body).toEqual({ items: [], count: 0 });
    });

    it('answers 404 to guests, non-members and for unknown collections, 401 without a token, 400 for bad queries', async () => {
      for (const caller of ['guest', 'outsider'] as const)
        expectError(await app.get(inShelf(), listCast.token(caller)), 404, /collection not found/);
      const unknown = await app.get(inShelf('unknownCollection'));
      expectError(unknown, 404);
      valid('GET', template, unknown);
      const anonymous = await app.get(inShelf(), null);
      expectError(anonymous, 401);
      valid('GET', template, anonymous);
      for (const [query, message] of [
        ['limit=0', /limit/],
        ['page=garbage', /page/],
        ['unknown=1', /property unknown should not exist/],
      ] as const) {
        const res = await app.get(`${inShelf()}?${query}`);
        expectError(res, 400, message);
        valid('GET', template, res);
      }
    });

    it("answers GitBook's client", async () => {
      const api = new GitBookAPI({ authToken: OWNER_TOKEN, endpoint: app.url });
      const { data } = await api.collections.listSpacesInCollectionById(shelf, { limit: 2 });
      expect(data).toMatchObject({ count: 3, items: [{ title: 'Three' }, { title: 'One' }], next: { page: expect.any(String) } });
    });
  });

  describe('POST /v1/spaces/{spaceId}/transfer (transferSpace)', () => {
    it('moves the space to another organization the caller administers, keeping only the grants that can follow', async () => {
      const from = await contentCast(app, 'transfer-from');
      const to = await contentCast(app, 'transfer-to');
      const collection = await createCollection(app, from.organizationId, 'Source shelf');
      const space = await createSpace(app, from.organizationId, { title: 'Travelling', parent: collection });
      const team = await app.put(`/v1/orgs/${from.organizationId}/teams`, { title: 'Writers', members: [from.reader.userId] });
      // The source's editor is also a member of the target; its reader is not.
      await joinOrg(app, to.organizationId, from.editor, 'read');
      await grant(app, space.id, { role: 'edit', users: [from.editor.userId, from.reader.userId] });
      await grant(app, space.id, { role: 'review', teams: [team.body.id] });
      const last = await createSpace(app, to.organizationId, { title: 'Already there' });

      const res = await app.post(`${spacePath(space.id)}/transfer`, { organization: to.organizationId });
      expect(res.status).toBe(200);
      valid('POST', '/v1/spaces/{spaceId}/transfer', res);
      expect(res.body).toMatchObject({ id: space.id, organization: to.organizationId, title: 'Travelling' });
      expect(res.body.parent).toBeUndefined();
      expect(ids((await app.get(spacesOf(to.organizationId))).body.items)).toEqual([last.id, space.id]);
      expect(ids((await app.get(spacesOf(from.organizationId))).body.items)).not.toContain(space.id);
      const users = await app.get(`${spacePath(space.id)}/permissions/users`);
      expect(users.body.items.map((p: any) => [p.user.id, p.permission])).toEqual([[from.editor.userId, 'edit']]);
      expect((await app.get(`${spacePath(space.id)}/permissions/teams`)).body).toEqual({ count: 0, items: [] });
      // Members of the source organization lose it; the target's members see it.
      expectError(await app.get(spacePath(space.id), from.reader.token), 404);
      expect((await app.get(spacePath(space.id), to.reader.token)).body.permissions).toEqual(spacePermissions('read'));
      expect((await app.get(spacePath(space.id), from.editor.token)).body.permissions).toEqual(spacePermissions('edit'));
    });

    it('refuses a transfer to its own organization (409), or to one the caller does not administer (400)', async () => {
      const space = await createSpace(app, org, { title: 'Staying' });
      expectError(await app.post(`${spacePath(space.id)}/transfer`, { organization: org }), 409, /already in that organization/);
      const foreign = await app.post('/v1/orgs', { title: 'Not mine' }, cast.editor.token);
      expectError(
        await app.post(`${spacePath(space.id)}/transfer`, { organization: foreign.body.id }),
        400,
        /admin of the target organization/,
      );
      expectError(await app.post(`${spacePath(space.id)}/transfer`, { organization: 'unknownOrganization0' }), 400, /admin of the target/);
      expectError(await app.post(`${spacePath(space.id)}/transfer`, {}), 400, /organization must be/);
      expectError(
        await app.post(`${spacePath(space.id)}/transfer`, { organization: org, parent: 'c' }),
        400,
        /property parent should not exist/,
      );
      expectError(
        await app.post(`${spacePath(space.id)}/transfer`, { organization: foreign.body.id }, cast.editor.token),
        403,
        /admin role/,
      );
      expectError(await app.post(`${spacePath(space.id)}/transfer`, { organization: org }, cast.outsider.token), 404);
      expectError(await app.post(`${spacePath(space.id)}/transfer`, { organization: org }, null), 401);
    });
  });

  describe('the GitBook client', () => {
    it('creates, reads, lists, updates, moves, deletes and restores spaces unchanged', async () => {
      const api = new GitBookAPI({ authToken: OWNER_TOKEN, endpoint: app.url });
      const clientOrg = (await contentCast(app, 'spaces-client')).organizationId;
      const created = await api.orgs.createSpace(clientOrg, { title: 'Client space' });
      expect(created.status).toBe(201);
      const second = (await api.orgs.createSpace(clientOrg, { title: 'Second', emoji: '📗' })).data;
      expect((await api.spaces.getSpaceById(created.data.id)).data).toEqual(created.data);
      expect((await api.spaces.updateSpaceById(created.data.id, { title: 'Renamed' })).data.title).toBe('Renamed');
      await api.spaces.moveSpace(created.data.id, { position: { after: { type: 'space', space: second.id } } });
      const listed = await api.orgs.listSpacesInOrganizationById(clientOrg, { limit: 10 });
      expect(listed.data.items.map((s) => s.title)).toEqual(['Second', 'Renamed']);
      expect((await api.spaces.deleteSpaceById(created.data.id)).status).toBe(205);
      const missing = await api.spaces.getSpaceById(created.data.id).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(GitBookAPIError);
      expect((missing as GitBookAPIError).code).toBe(404);
      expect((await api.spaces.restoreSpace(created.data.id)).data.id).toBe(created.data.id);
    });
  });
});

describe('space retention and the purge (driven clock)', () => {
  let app: TestApp;
  let clock: FakeClock;
  let org: string;

  beforeAll(async () => {
    clock = new FakeClock();
    app = await TestApp.start({ spaceRetentionDays: 7, spacePurgeIntervalMs: 50 }, { clock });
    org = (await contentCast(app, 'purge')).organizationId;
  });
  afterAll(() => app.stop());

  const streamOf = async (spaceId: string) => app.readStream(`space-${spaceId}`);

  async function eventually(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the purge did not happen');
  }

  it('restores within the retention period, and purges after it (restore is 404 then)', async () => {
    const early = await createSpace(app, org, { title: 'Deleted first' });
    const late = await createSpace(app, org, { title: 'Deleted later' });
    const kept = await createSpace(app, org, { title: 'Never deleted' });
    expect((await app.delete(spacePath(early.id))).status).toBe(205);
    expect((await app.delete(spacePath(late.id))).status).toBe(205);

    clock.advanceDays(6);
    expect((await app.post(`${spacePath(late.id)}/restore`)).status).toBe(200);
    expect((await app.delete(spacePath(late.id))).status).toBe(205); // in the trash again, since day 6

    clock.advanceDays(2); // day 8: `early` is past its retention, `late` is not
    expectError(await app.post(`${spacePath(early.id)}/restore`), 404);
    await eventually(async () => (await streamOf(early.id)).some((e) => e.type === 'SpacePurged'));
    const purged = (await streamOf(early.id)).at(-1)!;
    expect(purged).toMatchObject({ type: 'SpacePurged', metadata: { actor: 'system' } });
    expectError(await app.post(`${spacePath(early.id)}/restore`), 404);
    expectError(await app.get(spacePath(early.id)), 404);

    expect((await streamOf(late.id)).map((e) => e.type)).not.toContain('SpacePurged');
    const restored = await app.post(`${spacePath(late.id)}/restore`);
    expect(restored.status).toBe(200);
    expect(ids((await app.get(spacesOf(org))).body.items).sort()).toEqual([late.id, kept.id].sort());
  });

  it('records when things happen by the platform clock', async () => {
    const before = clock.now().getTime();
    const space = await createSpace(app, org, { title: 'Clocked' });
    expect(new Date(space.createdAt).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(space.createdAt).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000);
  });
});
