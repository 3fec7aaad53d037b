import { MAX_LINKS_PER_PAGE } from '../../../libs/content/src/page-tree/page-limits.domain';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { watchingHealth } from '../support/responsiveness';
import { collectAll, expectError, TestApp } from '../support/test-app';

const SPACE_LINKS = '/v1/spaces/{spaceId}/links';
const PAGE_LINKS = '/v1/spaces/{spaceId}/content/page/{pageId}/links';
const CR_PAGE_LINKS = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links';
const BACKLINKS = '/v1/spaces/{spaceId}/content/files/{fileId}/backlinks';
const CR_BACKLINKS = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks';

/** A 16×8 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000100000000808060000003ff7b9490000000d' +
    '4944415478da63f8cfc0f01f000501020028d1a8e30000000049454e44ae426082',
  'hex',
);

describe('links and backlinks', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  /** The space of the scenario: Guide, Install, FAQ (top level) and a file, merged live. */
  let space: any;
  let ids: { guide: string; install: string; faq: string; file: string };

  const crPath = (cr: string) => `${spacePath(space.id)}/change-requests/${cr}`;

  async function newCr(subject: string): Promise<any> {
    const res = await app.post(`${spacePath(space.id)}/change-requests`, { subject });
    if (res.status !== 201) throw new Error(`could not create change request: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function edit(cr: string, changes: object[]): Promise<any> {
    const res = await app.post(`${crPath(cr)}/content?compat=false`, { changes });
    if (res.status !== 200) throw new Error(`edit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function merge(cr: string): Promise<void> {
    const res = await app.post(`${crPath(cr)}/merge`);
    if (res.status !== 200) throw new Error(`merge failed: ${JSON.stringify(res.body)}`);
  }

  /** Each link as [status, relation, target], the target's ids replaced by names. */
  function summary(items: any[]): [string, string, string, string[]][] {
    const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
    return items.map((item) => {
      const t = item.targetReference;
      const target = t.kind === 'url' ? t.url : t.kind === 'anchor' ? `${name(t.page)}#${t.anchor}` : `${t.kind}:${name(t.page ?? t.file)}`;
      return [item.status, item.relation, target, item.locationReferences.map((l: any) => name(l.page))];
    });
  }

  function expectGitbookRefs(items: any[]): void {
    for (const item of items) expectGitbookSchema('ContentRef', item.targetReference);
  }

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'links');
    space = await createSpace(app, cast.organizationId, { empty: true });
    const cr = await newCr('Seed');
    const files = await edit(cr.id, [
      { operation: 'insert_files', files: [{ name: 'pixel.png', contentType: 'image/png', base64: PNG.toString('base64') }] },
    ]);
    const file: string = files.insertedFiles[0].id;
    const pages = await edit(cr.id, [
      {
        operation: 'insert_page',
        title: 'Guide',
        document: {
          markdown: [
            '# Guide',
            '',
            'Start with [the install](./install.md), read the [FAQ](/pages/faq#top) or [a missing page](/pages/nope).',
            '',
            `![pixel](/files/${file})`,
            '',
            'More at <https://example.com/docs> and [in the app](http://app.test/s/elsewhere).',
            '',
            '```',
            '[not a link](/pages/code)',
            '```',
          ].join('\n'),
        },
      },
      {
        operation: 'insert_page',
        title: 'Install',
        document: { markdown: `Back to [the guide](../README.md).\n\n![pixel again](/files/${file})` },
      },
      { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Nothing yet.' } },
    ]);
    const [guide, install, faq] = pages.changes.map((c: any) => c.page.id);
    ids = { guide, install, faq, file };
    await edit(cr.id, [{ operation: 'update_page', page: faq, document: { markdown: `See [Install](/pages/${install}).` } }]);
    await merge(cr.id);
  });
  afterAll(() => app.stop());

  describe('GET /v1/spaces/{spaceId}/links', () => {
    it('lists the live links once per target, with status, relation, target and the pages writing them', async () => {
      const res = await app.get(`${spacePath(space.id)}/links`);
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', SPACE_LINKS, res);
      expectGitbookRefs(res.body.items);
      expect(summary(res.body.items)).toEqual([
        ['ok', 'reference', 'page:install', ['guide', 'faq']],
        ['ok', 'reference', 'faq#top', ['guide']],
        ['broken', 'reference', 'page:nope', ['guide']],
        ['ok', 'embed', 'file:file', ['guide', 'install']],
        ['ok', 'reference', 'https://example.com/docs', ['guide']],
        ['in-app', 'reference', 'http://app.test/s/elsewhere', ['guide']],
        // ../README.md from install (a top-level page) climbs above the root.
        ['broken', 'reference', '../README.md', ['install']],
      ]);
      expect(res.body.count).toBe(7);
      expect(res.body.stats).toEqual({ total: 7, broken: { total: 2, changeRequest: 0 } });
      const [first] = res.body.items;
      expect(first.targetReference).toEqual({ kind: 'page', page: ids.install, space: space.id });
      expect(first.locationReferences[0]).toEqual({
        kind: 'page',
        organization: cast.organizationId,
        space: space.id,
        versionContext: { type: 'revision', revision: expect.any(String) },
        page: ids.guide,
      });
      const live = (await app.get(`${spacePath(space.id)}/content`)).body.id;
      expect(first.locationReferences[0].versionContext.revision).toBe(live);
    });

    it('filters by status, keeping the stats of the whole listing', async () => {
      const broken = await app.get(`${spacePath(space.id)}/links?status=broken`);
      expect(broken.status).toBe(200);
      expectValidAnswer(schemas, 'GET', SPACE_LINKS, broken);
      expect(summary(broken.body.items).map((s) => s[2])).toEqual(['page:nope', '../README.md']);
      expect(broken.body.count).toBe(2);
      expect(broken.body.stats).toEqual({ total: 7, broken: { total: 2, changeRequest: 0 } });
      const inApp = await app.get(`${spacePath(space.id)}/links?status=in-app`);
      expect(summary(inApp.body.items).map((s) => s[2])).toEqual(['http://app.test/s/elsewhere']);
      const ok = await app.get(`${spacePath(space.id)}/links?status=ok`);
      expect(ok.body.count).toBe(4);
    });

    it('pages with keyset cursors', async () => {
      const first = await app.get(`${spacePath(space.id)}/links?limit=3`);
      expect(first.body.items).toHaveLength(3);
      expect(first.body.count).toBe(7);
      expect(first.body.next.page).toEqual(expect.any(String));
      const all = await collectAll(app, `${spacePath(space.id)}/links?limit=2`);
      const whole = (await app.get(`${spacePath(space.id)}/links`)).body.items;
      expect(all).toEqual(whole);
      const last = await app.get(`${spacePath(space.id)}/links?limit=2&status=broken`);
      expect(last.body.next).toBeUndefined();
    });

    it('validates the query', async () => {
      for (const [query, message] of [
        ['status=fine', /status must be one of ok, broken, in-app/],
        ['limit=0', /limit/],
        ['limit=1001', /limit/],
        ['page=not-a-cursor', /page|cursor/],
        ['colour=red', /colour/],
      ] as const) {
        const res = await app.get(`${spacePath(space.id)}/links?${query}`);
        expectError(res, 400, message);
        expectValidAnswer(schemas, 'GET', SPACE_LINKS, res);
      }
    });

    it('answers anyone who can see the space; 401 without a token, 404 to others', async () => {
      expect((await app.get(`${spacePath(space.id)}/links`, cast.token('reader'))).status).toBe(200);
      const anonymous = await app.get(`${spacePath(space.id)}/links`, null);
      expectError(anonymous, 401);
      expectValidAnswer(schemas, 'GET', SPACE_LINKS, anonymous);
      expectError(await app.get(`${spacePath(space.id)}/links`, cast.token('outsider')), 404);
      expectError(await app.get(`${spacePath(space.id)}/links`, cast.token('guest')), 404);
      expectError(await app.get(`${spacePath('nospace')}/links`), 404);
    });
  });

  describe('GET .../content/page/{pageId}/links', () => {
    it("lists one page's links, located in that page", async () => {
      const res = await app.get(`${spacePath(space.id)}/content/page/${ids.install}/links`);
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', PAGE_LINKS, res);
      expectGitbookRefs(res.body.items);
      expect(summary(res.body.items)).toEqual([
        ['broken', 'reference', '../README.md', ['install']],
        ['ok', 'embed', 'file:file', ['install']],
      ]);
      expect(res.body.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
      const faq = await app.get(`${spacePath(space.id)}/content/page/${ids.faq}/links?status=broken`);
      expect(faq.body).toEqual({ items: [], count: 0, stats: { total: 1, broken: { total: 0, changeRequest: 0 } } });
    });

    it('404s an unknown page, 401s without a token, 400s a bad status', async () => {
      const unknown = await app.get(`${spacePath(space.id)}/content/page/nopage/links`);
      expectError(unknown, 404, /page not found/);
      expectValidAnswer(schemas, 'GET', PAGE_LINKS, unknown);
      expectError(await app.get(`${spacePath(space.id)}/content/page/${ids.guide}/links`, null), 401);
      expectError(await app.get(`${spacePath(space.id)}/content/page/${ids.guide}/links?status=BROKEN`), 400, /status/);
      expectError(await app.get(`${spacePath(space.id)}/content/page/${ids.guide}/links`, cast.token('outsider')), 404);
    });
  });

  describe('a page deleted in a change request', () => {
    let cr: any;

    beforeAll(async () => {
      cr = await newCr('Remove install');
      await edit(cr.id, [{ operation: 'delete_page', page: ids.install }]);
    });

    it('breaks the links to it in the change request, not live until merged', async () => {
      const inCr = await app.get(`${crPath(cr.id)}/content/page/${ids.guide}/links`);
      expect(inCr.status).toBe(200);
      expectValidAnswer(schemas, 'GET', CR_PAGE_LINKS, inCr);
      expectGitbookRefs(inCr.body.items);
      // A relative link that names no page is broken with the link as written as its target.
      expect(summary(inCr.body.items)[0]).toEqual(['broken', 'reference', './install.md', ['guide']]);
      expect(inCr.body.items[0].locationReferences[0].versionContext).toEqual({
        type: 'changeRequest',
        changeRequest: cr.id,
        revision: expect.any(String),
      });
      expect(inCr.body.stats).toEqual({ total: 6, broken: { total: 2, changeRequest: 1 } });
      // By number too.
      const byNumber = await app.get(`${crPath(String(cr.number))}/content/page/${ids.faq}/links?status=broken`);
      expect(summary(byNumber.body.items)).toEqual([['broken', 'reference', `page:install`, ['faq']]]);
      expect(byNumber.body.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 1 } });
      // The deleted page is not in the change request.
      expectError(await app.get(`${crPath(cr.id)}/content/page/${ids.install}/links`), 404, /page not found/);

      // Live: unchanged, but the space's stats count what the open change request breaks.
      const live = await app.get(`${spacePath(space.id)}/content/page/${ids.guide}/links`);
      expect(summary(live.body.items)[0]).toEqual(['ok', 'reference', 'page:install', ['guide']]);
      expect(live.body.stats).toEqual({ total: 6, broken: { total: 1, changeRequest: 1 } });
      const spaceLinks = await app.get(`${spacePath(space.id)}/links`);
      // Two links the change request breaks: Guide's ./install.md and FAQ's /pages/<install>.
      expect(spaceLinks.body.stats).toEqual({ total: 7, broken: { total: 2, changeRequest: 2 } });
    });

    it('shows backlinks of a file live and in the change request', async () => {
      const live = await app.get(`${spacePath(space.id)}/content/files/${ids.file}/backlinks`);
      expect(live.status).toBe(200);
      expectValidAnswer(schemas, 'GET', BACKLINKS, live);
      expect(live.body.count).toBe(2);
      expect(live.body.items).toEqual(
        [ids.guide, ids.install].map((page) => ({
          kind: 'page',
          organization: cast.organizationId,
          space: space.id,
          versionContext: { type: 'revision', revision: expect.any(String) },
          page,
        })),
      );
      const paged = await collectAll(app, `${spacePath(space.id)}/content/files/${ids.file}/backlinks?limit=1`);
      expect(paged).toEqual(live.body.items);

      const inCr = await app.get(`${crPath(cr.id)}/content/files/${ids.file}/backlinks`);
      expect(inCr.status).toBe(200);
      expectValidAnswer(schemas, 'GET', CR_BACKLINKS, inCr);
      expect(inCr.body.items.map((l: any) => l.page)).toEqual([ids.guide]);
      expect(inCr.body.items[0].versionContext).toMatchObject({ type: 'changeRequest', changeRequest: cr.id });

      const unknown = await app.get(`${spacePath(space.id)}/content/files/nofile/backlinks`);
      expectError(unknown, 404, /file not found/);
      expectValidAnswer(schemas, 'GET', BACKLINKS, unknown);
      expectError(await app.get(`${crPath('nocr')}/content/files/${ids.file}/backlinks`), 404, /change request not found/);
      expectError(await app.get(`${spacePath(space.id)}/content/files/${ids.file}/backlinks`, null), 401);
      expectError(await app.get(`${spacePath(space.id)}/content/files/${ids.file}/backlinks`, cast.token('outsider')), 404);
      expectError(await app.get(`${spacePath(space.id)}/content/files/${ids.file}/backlinks?status=ok`), 400, /status/);
    });

    it('breaks them live once merged', async () => {
      await merge(cr.id);
      const res = await app.get(`${spacePath(space.id)}/links`);
      expect(summary(res.body.items)).toEqual([
        ['broken', 'reference', './install.md', ['guide']],
        ['ok', 'reference', 'faq#top', ['guide']],
        ['broken', 'reference', 'page:nope', ['guide']],
        ['ok', 'embed', 'file:file', ['guide']],
        ['ok', 'reference', 'https://example.com/docs', ['guide']],
        ['in-app', 'reference', 'http://app.test/s/elsewhere', ['guide']],
        ['broken', 'reference', 'page:install', ['faq']],
      ]);
      expect(res.body.stats).toEqual({ total: 7, broken: { total: 3, changeRequest: 0 } });
      const backlinks = await app.get(`${spacePath(space.id)}/content/files/${ids.file}/backlinks`);
      expect(backlinks.body.items.map((l: any) => l.page)).toEqual([ids.guide]);
    });
  });

  describe('large pages (bounded work)', () => {
    it(`lists a page's first ${MAX_LINKS_PER_PAGE} links, and counts the others in stats.total`, async () => {
      const other = await createSpace(app, cast.organizationId, { empty: true });
      const cr = (await app.post(`${spacePath(other.id)}/change-requests`, { subject: 'Many links' })).body;
      const markdown = Array.from({ length: MAX_LINKS_PER_PAGE + 100 }, (_, i) => `[link ${i}](https://example.com/${i})`).join('\n');
      const edited = await app.post(`${spacePath(other.id)}/change-requests/${cr.id}/content?compat=false`, {
        changes: [{ operation: 'insert_page', title: 'Many', document: { markdown } }],
      });
      const pageId = edited.body.changes[0].page.id;
      const res = await app.get(`${spacePath(other.id)}/change-requests/${cr.id}/content/page/${pageId}/links?limit=1000`);
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', CR_PAGE_LINKS, res);
      expect(res.body.count).toBe(MAX_LINKS_PER_PAGE);
      expect(res.body.items.at(-1).targetReference.url).toBe(`https://example.com/${MAX_LINKS_PER_PAGE - 1}`);
      expect(res.body.stats).toEqual({ total: MAX_LINKS_PER_PAGE + 100, broken: { total: 0, changeRequest: 0 } });
    });

    it('lists the links of a page in a change request holding large pages while /health keeps answering', async () => {
      const other = await createSpace(app, cast.organizationId, { empty: true });
      const cr = (await app.post(`${spacePath(other.id)}/change-requests`, { subject: 'Large pages' })).body;
      // Three pages of about 900 KiB: links, images, emphasis and code among prose (markdown-it's slow paths).
      const page = (n: number) =>
        Array.from(
          { length: 9_000 },
          (_, i) =>
            `Para ${i} of *page ${n}* with [a link](/pages/p${i % 1500}), ![an image](/files/f${i % 700}) and \`code\` [again](#a${i}).`,
        ).join('\n');
      const edited = await app.post(`${spacePath(other.id)}/change-requests/${cr.id}/content?compat=false`, {
        changes: [1, 2, 3].map((n) => ({ operation: 'insert_page', title: `Large ${n}`, document: { markdown: page(n) } })),
      });
      expect(edited.status).toBe(200);
      const pageId = edited.body.changes[0].page.id;
      const watched = await watchingHealth(app.url, () =>
        app.get(`${spacePath(other.id)}/change-requests/${cr.id}/content/page/${pageId}/links?limit=5`),
      );
      expect(watched.result.status).toBe(200);
      expect(watched.result.body.count).toBe(MAX_LINKS_PER_PAGE);
      expect(watched.polls).toBeGreaterThan(0);
      expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    });
  });

  it('serves the links of a change request of another space as 404', async () => {
    const other = await createSpace(app, cast.organizationId, { empty: true });
    const res = await app.post(`${spacePath(other.id)}/change-requests`, { subject: 'Other' });
    expectError(await app.get(`${crPath(res.body.id)}/content/page/${ids.guide}/links`), 404, /change request not found/);
  });
});
