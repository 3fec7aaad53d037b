import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { expectError, HttpResult, TestApp } from '../support/test-app';

const SPACE_SEARCH = '/v1/spaces/{spaceId}/search';
const ORG_SEARCH = '/v1/orgs/{organizationId}/search';
const crPath = (spaceId: string, changeRequestId: string) => `${spacePath(spaceId)}/change-requests/${changeRequestId}`;

/** A common body, so ranking has a corpus: every page says it. */
const FILLER = 'This page explains the setup of the product and its configuration for everyday work.';

describe('search: GET /v1/spaces/{spaceId}/search and GET /v1/orgs/{organizationId}/search', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'search');
  });
  afterAll(() => app.stop());

  /** Edits a new change request with `changes` and merges it; answers the edit's page changes. */
  async function mergeChanges(spaceId: string, changes: object[]): Promise<any[]> {
    const cr = await app.post(`${spacePath(spaceId)}/change-requests`, { subject: 'Edit' });
    if (cr.status !== 201) throw new Error(`change request: ${cr.status} ${JSON.stringify(cr.body)}`);
    const edited = await app.post(`${crPath(spaceId, cr.body.id)}/content?compat=false`, { changes });
    if (edited.status !== 200) throw new Error(`edit: ${edited.status} ${JSON.stringify(edited.body)}`);
    const merged = await app.post(`${crPath(spaceId, cr.body.id)}/merge`);
    if (merged.status !== 200) throw new Error(`merge: ${merged.status} ${JSON.stringify(merged.body)}`);
    return edited.body.changes;
  }

  /** The live pages' ids by title. */
  async function pageIds(spaceId: string): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const walk = (pages: any[]): void => {
      for (const p of pages) {
        ids.set(p.title, p.id);
        walk(p.pages ?? []);
      }
    };
    walk((await app.get(`${spacePath(spaceId)}/content/pages`)).body.pages);
    return ids;
  }

  /** A space holding these pages (title, markdown), merged into its live content; answers the space and page ids by title. */
  async function spaceWith(pages: [string, string][], title = 'Docs'): Promise<{ space: any; ids: Map<string, string> }> {
    const space = await createSpace(app, cast.organizationId, { title, empty: true });
    await mergeChanges(
      space.id,
      pages.map(([pageTitle, markdown]) => ({ operation: 'insert_page', title: pageTitle, document: { markdown } })),
    );
    return { space, ids: await pageIds(space.id) };
  }

  const searchSpace = (spaceId: string, query: string, token?: string | null, extra = '') =>
    app.get(`${spacePath(spaceId)}/search?query=${encodeURIComponent(query)}${extra}`, token);
  const searchOrg = (query: string, token?: string | null, extra = '') =>
    app.get(`/v1/orgs/${cast.organizationId}/search?query=${encodeURIComponent(query)}${extra}`, token);

  const titles = (res: HttpResult) => res.body.items.map((p: any) => p.title);
  const orgSpaces = (res: HttpResult) => res.body.items.map((s: any) => s.id);

  describe('ranking and sections', () => {
    let space: any;
    let ids: Map<string, string>;

    beforeAll(async () => {
      ({ space, ids } = await spaceWith([
        ['Webhooks', `Receive events from the platform.\n\n${FILLER}`],
        ['Overview', `Start here. ${FILLER}\n\n## Events\n\nWebhooks deliver events to your endpoint.`],
        [
          'Install',
          `# Install\n\nRun the installer. ${FILLER}\n\n## Requirements\n\nA **modern** \`node\` and the ` +
            `[quasar](https://example.com) plugin.`,
        ],
        ['Usage', `Everyday usage.\n\n## Tips\n\n${FILLER}\n\n## More tips\n\n${FILLER}`],
        ['Reference', `All options.\n\n${FILLER} ${FILLER}`],
      ]));
    });

    it("answers pages with their matching sections, valid under GitBook's SearchPageResult", async () => {
      const res = await searchSpace(space.id, 'webhooks');
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', SPACE_SEARCH, res, 'SearchPageResult');
      expect(res.body.count).toBe(2);
      const overview = res.body.items.find((p: any) => p.title === 'Overview');
      expect(overview).toEqual({
        id: ids.get('Overview'),
        title: 'Overview',
        description: '',
        path: 'overview',
        score: expect.any(Number),
        rank: 2,
        ancestors: [],
        sections: [
          {
            id: `${ids.get('Overview')}#events`,
            title: 'Events',
            path: 'overview#events',
            score: expect.any(Number),
            body: 'Webhooks deliver events to your endpoint.',
            urls: { app: expect.stringMatching(new RegExp(`/s/${space.id}/overview#events$`)) },
          },
        ],
        urls: { app: expect.stringMatching(new RegExp(`/s/${space.id}/overview$`)) },
      });
    });

    it('ranks a title hit before a body hit', async () => {
      const res = await searchSpace(space.id, 'webhooks');
      expect(titles(res)).toEqual(['Webhooks', 'Overview']);
      expect(res.body.items.map((p: any) => p.rank)).toEqual([1, 2]);
      expect(res.body.items[0].score).toBeGreaterThan(res.body.items[1].score);
    });

    it('weighs a rare word more than a common one', async () => {
      const res = await searchSpace(space.id, 'configuration quasar');
      expect(titles(res)[0]).toBe('Install');
      expect(res.body.items[0].sections[0]).toMatchObject({ title: 'Requirements', body: 'A modern node and the quasar plugin.' });
      expect(res.body.count).toBe(5);
    });

    it('the text before the first heading is a section titled with the page title; markup is stripped', async () => {
      const res = await searchSpace(space.id, 'installer');
      expect(res.body.items).toHaveLength(1);
      expect(res.body.items[0].sections).toEqual([
        expect.objectContaining({ id: `${ids.get('Install')}#install`, title: 'Install', path: 'install#install' }),
      ]);
      expect(res.body.items[0].sections[0].body).toBe(`Run the installer. ${FILLER}`);
      const start = await searchSpace(space.id, 'start');
      expect(start.body.items[0].sections).toEqual([
        expect.objectContaining({ id: ids.get('Overview'), title: 'Overview', path: 'overview', body: `Start here. ${FILLER}` }),
      ]);
    });

    it('finds stemmed and differently cased words', async () => {
      expect(titles(await searchSpace(space.id, 'INSTALLING'))).toContain('Install');
    });

    it('takes odd characters as words, never as query syntax', async () => {
      for (const query of [
        '"webhooks',
        'webhooks*',
        'NEAR(webhooks',
        '-webhooks',
        '(webhooks) AND',
        'web"hooks OR',
        '*',
        '"',
        '-',
        'NEAR(',
        '東京 🚀',
        'a\tb',
      ]) {
        const res = await searchSpace(space.id, query);
        expect({ query, status: res.status }).toEqual({ query, status: 200 });
        expectValidAnswer(schemas, 'GET', SPACE_SEARCH, res, 'SearchPageResult');
      }
      expect(titles(await searchSpace(space.id, '"webhooks'))).toEqual(['Webhooks', 'Overview']);
      expect((await searchSpace(space.id, '*')).body).toEqual({ count: 0, items: [] });
    });

    it('pages through the results with an opaque cursor, keeping the ranks', async () => {
      const first = await searchSpace(space.id, 'configuration', undefined, '&limit=2');
      expect(first.body.items).toHaveLength(2);
      expect(first.body.count).toBe(5);
      const seen = [...first.body.items];
      let next = first.body.next?.page;
      while (next) {
        const page = await searchSpace(space.id, 'configuration', undefined, `&limit=2&page=${encodeURIComponent(next)}`);
        expect(page.status).toBe(200);
        expectValidAnswer(schemas, 'GET', SPACE_SEARCH, page, 'SearchPageResult');
        seen.push(...page.body.items);
        next = page.body.next?.page;
      }
      expect(seen.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(seen.map((p) => p.id)).size).toBe(5);
      expectError(await searchSpace(space.id, 'configuration', undefined, '&page=bogus'), 400);
    });
  });

  describe('validation and access', () => {
    let space: any;
    beforeAll(async () => {
      ({ space } = await spaceWith([['Alpha', 'alpha text']]));
    });

    it('requires a query of 1 to 512 characters; refuses unknown parameters', async () => {
      expectError(await app.get(`${spacePath(space.id)}/search`), 400, /query/);
      expectError(await app.get(`/v1/orgs/${cast.organizationId}/search`), 400, /query/);
      expectError(await searchSpace(space.id, ''), 400, /query/);
      expectError(await searchSpace(space.id, 'a'.repeat(513)), 400, /query/);
      expectError(await searchOrg('a'.repeat(513)), 400, /query/);
      expect((await searchSpace(space.id, 'a'.repeat(512))).status).toBe(200);
      expectError(await searchSpace(space.id, 'alpha', undefined, '&limit=0'), 400);
      expectError(await searchSpace(space.id, 'alpha', undefined, '&sort=x'), 400);
    });

    it('401 without a token, 404 for an unknown or invisible space and for non-members of the organization', async () => {
      expectError(await searchSpace(space.id, 'alpha', null), 401);
      expectError(await searchOrg('alpha', null), 401);
      expectError(await searchSpace('nosuchspace', 'alpha'), 404);
      expectError(await searchSpace(space.id, 'alpha', cast.token('outsider')), 404);
      expectError(await searchSpace(space.id, 'alpha', cast.token('guest')), 404);
      expectError(await searchOrg('alpha', cast.token('outsider')), 404);
      expectError(await app.get('/v1/orgs/nosuchorg/search?query=alpha'), 404);
      expect((await searchSpace(space.id, 'alpha', cast.token('reader'))).status).toBe(200);
    });
  });

  describe('the live content, read your writes', () => {
    it('finds a merge as soon as it answers, and a change request not yet merged never', async () => {
      const { space } = await spaceWith([['First', 'nothing special']]);
      const cr = await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Draft' });
      await app.post(`${crPath(space.id, cr.body.id)}/content`, {
        changes: [{ operation: 'insert_page', title: 'Zephyr', document: { markdown: 'zephyr draft' } }],
      });
      expect((await searchSpace(space.id, 'zephyr')).body.items).toEqual([]);
      await app.post(`${crPath(space.id, cr.body.id)}/merge`);
      expect(titles(await searchSpace(space.id, 'zephyr'))).toEqual(['Zephyr']);
    });

    it('a moved or renamed page is found under its new title and path; a changed body by its new words', async () => {
      const { space, ids } = await spaceWith([
        ['Parent', 'the parent page'],
        ['Child', 'marmalade recipe\n\n## Oranges\n\nbitter oranges'],
      ]);
      expect((await searchSpace(space.id, 'marmalade')).body.items[0]).toMatchObject({ path: 'child', ancestors: [] });
      await mergeChanges(space.id, [
        { operation: 'update_page', page: ids.get('Child'), title: 'Jam', slug: 'jam', into: ids.get('Parent'), at: 0 },
      ]);
      const moved = await searchSpace(space.id, 'marmalade');
      expect(moved.body.items[0]).toMatchObject({ title: 'Jam', path: 'parent/jam', ancestors: [{ title: 'Parent' }] });
      expect(moved.body.items[0].sections[0]).toMatchObject({ title: 'Jam', path: 'parent/jam' });
      expect((await searchSpace(space.id, 'oranges')).body.items[0].sections[0]).toMatchObject({ path: 'parent/jam#oranges' });
      expect(titles(await searchSpace(space.id, 'jam'))).toEqual(['Jam']);
      await mergeChanges(space.id, [{ operation: 'update_page', page: ids.get('Child'), document: { markdown: 'apricot preserve' } }]);
      expect((await searchSpace(space.id, 'marmalade oranges')).body.items).toEqual([]);
      expect(titles(await searchSpace(space.id, 'apricot'))).toEqual(['Jam']);
    });

    it('a deleted page, and the pages under it, are not found', async () => {
      const { space, ids } = await spaceWith([
        ['Keep', 'kiwi kept'],
        ['Drop', 'kiwi dropped'],
      ]);
      await mergeChanges(space.id, [
        { operation: 'insert_page', title: 'Below', into: ids.get('Drop'), document: { markdown: 'kiwi below' } },
      ]);
      expect(titles(await searchSpace(space.id, 'kiwi')).sort()).toEqual(['Below', 'Drop', 'Keep']);
      await mergeChanges(space.id, [{ operation: 'delete_page', page: ids.get('Drop') }]);
      expect(titles(await searchSpace(space.id, 'kiwi'))).toEqual(['Keep']);
    });
  });

  describe('the organization form: visible spaces only', () => {
    let open: any;
    let granted: any;
    let other: any;

    beforeAll(async () => {
      ({ space: open } = await spaceWith(
        [
          ['Nebula guide', 'nebula basics'],
          ['Nebula advanced', 'more about the nebula'],
        ],
        'Open',
      ));
      ({ space: granted } = await spaceWith([['Nebula for guests', 'nebula shared with a guest']], 'Granted'));
      ({ space: other } = await spaceWith([['Unrelated', 'nothing here']], 'Other'));
      await grant(app, granted.id, { role: 'read', users: [cast.userId('guest')] });
    });

    it("groups matching pages by space, valid under GitBook's SearchSpaceResult", async () => {
      const res = await searchOrg('nebula');
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', ORG_SEARCH, res, 'SearchSpaceResult');
      expect(orgSpaces(res).sort()).toEqual([open.id, granted.id].sort());
      expect(res.body.count).toBe(2);
      const openResult = res.body.items.find((s: any) => s.id === open.id);
      expect(openResult).toMatchObject({ type: 'space', title: 'Open', score: expect.any(Number) });
      expect(openResult.pages.map((p: any) => p.title).sort()).toEqual(['Nebula advanced', 'Nebula guide']);
      expect(openResult.pages.map((p: any) => p.rank)).toEqual([1, 2]);
      expect(orgSpaces(await searchOrg('nebula', cast.token('reader'))).sort()).toEqual([open.id, granted.id].sort());
    });

    it('a guest finds only the spaces granted to them; a reader of one space does not find the others', async () => {
      expect(orgSpaces(await searchOrg('nebula', cast.token('guest')))).toEqual([granted.id]);
      const person = cast.guest;
      expect(titles(await searchSpace(granted.id, 'nebula', person.token))).toEqual(['Nebula for guests']);
      expectError(await searchSpace(open.id, 'nebula', person.token), 404);
    });

    it('pages through spaces', async () => {
      const first = await searchOrg('nebula', undefined, '&limit=1');
      expect(first.body.items).toHaveLength(1);
      const second = await searchOrg('nebula', undefined, `&limit=1&page=${encodeURIComponent(first.body.next.page)}`);
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next).toBeUndefined();
      expect([...orgSpaces(first), ...orgSpaces(second)].sort()).toEqual([open.id, granted.id].sort());
    });

    it('a deleted space is never found, a restored one is found again', async () => {
      expect((await app.delete(spacePath(open.id))).status).toBe(205);
      expect(orgSpaces(await searchOrg('nebula'))).toEqual([granted.id]);
      expectError(await searchSpace(open.id, 'nebula'), 404);
      expect((await app.post(`${spacePath(open.id)}/restore`)).status).toBe(200);
      expect(orgSpaces(await searchOrg('nebula')).sort()).toEqual([open.id, granted.id].sort());
      expect(titles(await searchSpace(open.id, 'nebula')).sort()).toEqual(['Nebula advanced', 'Nebula guide']);
      expect(orgSpaces(await searchOrg('unrelated'))).toEqual([other.id]);
    });
  });
});
