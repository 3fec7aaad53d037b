import { collectAll, expectError, TestApp } from '../support/test-app';
import { orgWithPeople, Person } from './fixtures/org-members';

/** Translation settings follow the seed's `translation-settings` shape, not GitBook's newer translations API. */
describe('translation settings', () => {
  let app: TestApp;
  let orgId: string;
  let admin: Person;
  let member: Person;
  let guest: Person;
  let outsider: Person;

  beforeAll(async () => {
    app = await TestApp.shared();
    ({ organizationId: orgId, admin, member, guest, outsider } = await orgWithPeople(app, 'translations'));
  });
  afterAll(() => app.stop());

  const base = () => `/v1/orgs/${orgId}/translations`;

  describe('POST', () => {
    it('creates translation settings, readable at once', async () => {
      const res = await app.post(base(), { title: 'Docs in French', languages: ['fr', 'fr-CA', 'fr'] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        object: 'translation-settings',
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        title: 'Docs in French',
        languages: ['fr', 'fr-CA'],
        createdAt: expect.any(String),
        updatedAt: res.body.createdAt,
        permissions: { view: true, edit: true },
        urls: { location: `http://api.test/v1/orgs/${orgId}/translations/${res.body.id}` },
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      expect(res.headers.get('location')).toBe(res.body.urls.location);
      const read = await app.get(`${base()}/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
    });

    it('defaults languages to an empty list', async () => {
      const res = await app.post(base(), { title: 'Empty' });
      expect(res.status).toBe(201);
      expect(res.body.languages).toEqual([]);
    });

    it.each([
      ['no title', {}, /title/],
      ['empty title', { title: '' }, /title must be longer than or equal to 1/],
      ['title of 101 characters', { title: 'x'.repeat(101) }, /title must be shorter than or equal to 100/],
      ['numeric title', { title: 3 }, /title must be a string/],
      ['languages not an array', { title: 'T', languages: 'en' }, /languages must be an array/],
      ['an invalid language code', { title: 'T', languages: ['en', 'english'] }, /languages must contain language codes/],
      ['an uppercase language', { title: 'T', languages: ['EN'] }, /languages must contain language codes/],
      ['a non-string language', { title: 'T', languages: [1] }, /languages must contain language codes/],
      ['null languages', { title: 'T', languages: null }, /languages/],
      ['over 100 languages', { title: 'T', languages: Array(101).fill('en') }, /languages must contain no more than 100 elements/],
      ['an unknown field', { title: 'T', source: 'en' }, /property source should not exist/],
    ])('rejects %s with 400', async (_name, body, message) => {
      expectError(await app.post(base(), body), 400, message);
    });

    it('is for admins: 401 without a token, 403 to members, 404 to non-members', async () => {
      expectError(await app.post(base(), { title: 'T' }, null), 401);
      expectError(await app.post(base(), { title: 'T' }, member.token), 403, /admins/);
      expectError(await app.post(base(), { title: 'T' }, outsider.token), 404);
      expect((await app.post(base(), { title: 'By another admin' }, admin.token)).status).toBe(201);
    });
  });

  describe('GET', () => {
    it('pages through the settings oldest first; members read without edit rights', async () => {
      const org = await orgWithPeople(app, 'translist');
      const path = `/v1/orgs/${org.organizationId}/translations`;
      const ids = [];
      for (const title of ['A', 'B', 'C']) ids.push((await app.post(path, { title, languages: ['de'] })).body.id);
      const first = await app.get(`${path}?limit=2`);
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
      expect(first.body.items).toHaveLength(2);
      expect((await collectAll(app, `${path}?limit=2`)).map((t) => t.id)).toEqual(ids);
      const asMember = await app.get(path, org.member.token);
      expect(asMember.status).toBe(200);
      expect(asMember.body.items[0].permissions).toEqual({ view: true, edit: false });
      expect((await app.get(`${path}/${ids[0]}`, org.member.token)).body.permissions).toEqual({ view: true, edit: false });
      expectError(await app.get(path, org.guest.token), 403);
      expectError(await app.get(path, org.outsider.token), 404);
      expectError(await app.get(`${path}/${ids[0]}`, org.outsider.token), 404);
      expectError(await app.get(`${path}?limit=1001`), 400, /limit/);
      expectError(await app.get(`${path}/unknown`), 404, /translation settings not found/);
    });
  });

  describe('PUT', () => {
    it('changes the title and languages, visible at once', async () => {
      const created = (await app.post(base(), { title: 'Old', languages: ['es'] })).body;
      const res = await app.put(`${base()}/${created.id}`, { title: 'New', languages: ['es', 'pt-BR'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...created, title: 'New', languages: ['es', 'pt-BR'], updatedAt: expect.any(String) });
      expect(res.body.updatedAt >= created.updatedAt).toBe(true);
      expect((await app.get(`${base()}/${created.id}`)).body).toEqual(res.body);
      const titleOnly = await app.put(`${base()}/${created.id}`, { title: 'Newer' });
      expect(titleOnly.body.languages).toEqual(['es', 'pt-BR']);
    });

    it('validates and guards updates', async () => {
      const created = (await app.post(base(), { title: 'Guarded' })).body;
      const path = `${base()}/${created.id}`;
      expectError(await app.put(path, {}), 400, /title/);
      expectError(await app.put(path, { title: '' }), 400, /title/);
      expectError(await app.put(path, { title: 'x'.repeat(101) }), 400, /title/);
      expectError(await app.put(path, { title: 'T', languages: ['???'] }), 400, /languages/);
      expectError(await app.put(path, { title: 'T' }, member.token), 403);
      expectError(await app.put(path, { title: 'T' }, guest.token), 403);
      expectError(await app.put(path, { title: 'T' }, outsider.token), 404);
      expectError(await app.put(`${base()}/unknown`, { title: 'T' }), 404);
    });
  });

  describe('DELETE', () => {
    it('deletes with 205 and no content', async () => {
      const created = (await app.post(base(), { title: 'Bye' })).body;
      const path = `${base()}/${created.id}`;
      expectError(await app.delete(path, member.token), 403);
      expectError(await app.delete(path, outsider.token), 404);
      const res = await app.delete(path);
      expect(res.status).toBe(205);
      expect(res.body).toBeUndefined();
      expectError(await app.get(path), 404);
      expect((await collectAll(app, base())).map((t) => t.id)).not.toContain(created.id);
      expectError(await app.delete(path), 404);
      expectError(await app.put(path, { title: 'Back?' }), 404);
    });
  });
});
