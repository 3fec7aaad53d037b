import { AnswerSchemas, expectDocumentedAnswer } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

/** The three forms of every content read: live, change request (id or number), revision (by id). */
const C = '/v1/spaces/{spaceId}/content';
const Q = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content';
const R = '/v1/spaces/{spaceId}/revisions/{revisionId}';
const live = (spaceId: string) => `${spacePath(spaceId)}/content`;
const inCr = (spaceId: string, cr: string | number) => `${spacePath(spaceId)}/change-requests/${cr}/content`;
const rev = (spaceId: string, revisionId: string) => `${spacePath(spaceId)}/revisions/${revisionId}`;

const LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/** Decision 1: every page of a tree carries its markdown (and no document), so each is a valid GitBook page as it is. */
function withBodies(pages: any[]): any[] {
  for (const page of pages) {
    expect(typeof page.markdown).toBe('string');
    expect(page).not.toHaveProperty('document');
    withBodies(page.pages);
  }
  return pages;
}

/** What each form's routes look like, for the tests that run over all three. */
interface Form {
  name: string;
  template: string;
  base: (space: any, cr: any) => string;
  appBase: (space: any, cr: any) => string;
}

const APP = 'http://app.test';
const FORMS: Form[] = [
  { name: 'live', template: C, base: (s) => live(s.id), appBase: (s) => `${APP}/s/${s.id}` },
  { name: 'change request', template: Q, base: (s, cr) => inCr(s.id, cr.id), appBase: (s, cr) => `${APP}/s/${s.id}/~/changes/${cr.id}` },
  {
    name: 'change request by number',
    template: Q,
    base: (s, cr) => inCr(s.id, cr.number),
    appBase: (s, cr) => `${APP}/s/${s.id}/~/changes/${cr.id}`,
  },
  { name: 'revision', template: R, base: (s) => rev(s.id, s.revision), appBase: (s) => `${APP}/s/${s.id}/~/revisions/${s.revision}` },
];

describe('content reads', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'content-reads');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  async function createCr(spaceId: string, subject = 'Draft'): Promise<any> {
    const res = await app.post(`${spacePath(spaceId)}/change-requests`, { subject });
    if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** The answer is documented, and valid under GitBook's Revision, every page with its markdown (decision 1). */
  function validRevision(template: string, res: HttpResult): void {
    expect(res.status).toBe(200);
    expectDocumentedAnswer(schemas, 'GET', template, res);
    expectGitbookSchema('Revision', { ...res.body, pages: withBodies(res.body.pages) });
  }

  function validPages(template: string, res: HttpResult): void {
    expect(res.status).toBe(200);
    expectDocumentedAnswer(schemas, 'GET', `${template}/pages`, res);
    for (const page of withBodies(res.body.pages)) expectGitbookSchema('RevisionPage', page);
  }

  /** A single page carries its markdown, and so do its children (decision 1). */
  function validPage(template: string, res: HttpResult): void {
    expect(res.status).toBe(200);
    expectDocumentedAnswer(schemas, 'GET', template, res);
    expect(typeof res.body.markdown).toBe('string');
    const page = { ...res.body, pages: withBodies(res.body.pages) };
    expectGitbookSchema('RevisionPageDocument', page);
    expectGitbookSchema('RevisionPage', page);
  }

  const untitled = (pageId: string, appBase: string) => ({
    id: pageId,
    title: 'Untitled',
    kind: 'sheet',
    type: 'document',
    description: '',
    slug: 'untitled',
    path: 'untitled',
    urls: { app: `${appBase}/untitled` },
    pages: [],
    layout: LAYOUT,
    tags: [],
    markdown: '',
  });

  describe('the served OpenAPI document', () => {
    it("names every read with GitBook's operationId, the page path as a wildcard parameter", () => {
      const expected: Record<string, string> = {
        [C]: 'getCurrentRevision',
        [`${C}/pages`]: 'listPages',
        [`${C}/files`]: 'listFiles',
        [`${C}/files/{fileId}`]: 'getFileById',
        [`${C}/page/{pageId}`]: 'getPageById',
        [`${C}/path/{path}`]: 'getPageByPath',
        [Q]: 'getRevisionOfChangeRequestById',
        [`${Q}/pages`]: 'listPagesInChangeRequest',
        [`${Q}/files`]: 'listFilesInChangeRequestById',
        [`${Q}/files/{fileId}`]: 'getFileInChangeRequestById',
        [`${Q}/page/{pageId}`]: 'getPageInChangeRequestById',
        [`${Q}/path/{path}`]: 'getPageInChangeRequestByPath',
        [R]: 'getRevisionById',
        [`${R}/pages`]: 'listPagesInRevisionById',
        [`${R}/files`]: 'listFilesInRevisionById',
        [`${R}/files/{fileId}`]: 'getFileInRevisionById',
        [`${R}/page/{pageId}`]: 'getPageInRevisionById',
        [`${R}/path/{path}`]: 'getPageInRevisionByPath',
      };
      const paths = schemas.document.paths as Record<string, any>;
      for (const [path, operationId] of Object.entries(expected))
        expect({ path, operationId: paths[path]?.get?.operationId }).toEqual({ path, operationId });
      const byPath = paths[`${C}/path/{path}`].get;
      expect(
        byPath.parameters
          .filter((p: any) => p.in === 'path')
          .map((p: any) => p.name)
          .sort(),
      ).toEqual(['path', 'spaceId']);
      expect(
        byPath.parameters
          .filter((p: any) => p.in === 'query')
          .map((p: any) => p.name)
          .sort(),
      ).toEqual(['cachedMetadata', 'computed', 'dereferenced', 'evaluated', 'format', 'format.markdown.refs', 'metadata']);
      // GitBook's Document one-of (markdown or document on every page) is documented on the page schema.
      const page = (schemas.document.components!.schemas as any).RevisionPageResponse;
      expect(page.required).not.toContain('markdown');
      expect(page.description).toMatch(/decisions 1 and 2/);
      expect(Object.keys(page.properties)).toEqual(expect.arrayContaining(['markdown', 'document']));
    });
  });

  describe('a new space', () => {
    let space: any;
    let cr: any;
    let pageId: string;

    beforeAll(async () => {
      space = await createSpace(app, org, { title: 'Handbook' });
      cr = await createCr(space.id);
      pageId = (await app.get(`${live(space.id)}/pages`)).body.pages[0].id;
    });

    it('GET C (getCurrentRevision): the live revision, one empty page titled "Untitled", with its empty body', async () => {
      const res = await app.get(live(space.id));
      validRevision(C, res);
      expect(res.body).toEqual({
        object: 'revision',
        id: space.revision,
        parents: [],
        pages: [untitled(pageId, `${APP}/s/${space.id}`)],
        files: [],
        reusableContents: [],
        tags: [],
        createdAt: space.createdAt,
        urls: { app: `${APP}/s/${space.id}/~/revisions/${space.revision}` },
        type: 'edits',
      });
    });

    it.each(FORMS)('$name: the revision, its pages, one page by id and by path, files', async (form) => {
      const base = form.base(space, cr);
      const page = untitled(pageId, form.appBase(space, cr));

      const revision = await app.get(base);
      validRevision(form.template, revision);
      // A new change request starts at the live revision.
      expect(revision.body).toMatchObject({ object: 'revision', id: space.revision, type: 'edits', pages: [page] });

      const pages = await app.get(`${base}/pages`);
      validPages(form.template, pages);
      expect(pages.body).toEqual({ pages: [page] });

      const byId = await app.get(`${base}/page/${pageId}`);
      validPage(`${form.template}/page/{pageId}`, byId);
      expect(byId.body).toEqual(page);

      const byPath = await app.get(`${base}/path/untitled`);
      validPage(`${form.template}/path/{path}`, byPath);
      expect(byPath.body).toEqual(byId.body);

      const files = await app.get(`${base}/files`);
      expectValidAnswer(schemas, 'GET', `${form.template}/files`, files, 'RevisionFile');
      expect(files.body).toEqual({ count: 0, items: [] });
    });

    it('reads a page in markdown with every GitBook page query value accepted', async () => {
      const queries = [
        'format=markdown',
        'format=markdown&format.markdown.refs=stable',
        'format.markdown.refs=relative',
        'evaluated=true&dereferenced=false',
        'evaluated=deterministic-only&dereferenced=reusable-contents',
        'metadata=false&computed=false',
        'metadata=true&computed=true&evaluated=false&dereferenced=true',
      ];
      for (const query of queries) {
        const res = await app.get(`${live(space.id)}/page/${pageId}?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 200 });
        expect(res.body.markdown).toBe('');
        const byPath = await app.get(`${live(space.id)}/path/untitled?${query}&cachedMetadata=true`);
        expect({ query, status: byPath.status }).toEqual({ query, status: 200 });
      }
      for (const query of ['metadata=false', 'computed=true&metadata=true']) {
        for (const path of ['', '/pages', '/files']) expect((await app.get(`${live(space.id)}${path}?${query}`)).status).toBe(200);
      }
      expect((await app.get(`${live(space.id)}/files?limit=1&metadata=false`)).body).toEqual({ count: 0, items: [] });
    });

    it.each([
      ['format=bogus', /format must be one of document, markdown/],
      ['format=', /format must be one of document, markdown/],
      ['format=markdown&format=markdown', /format must be one of document, markdown/],
      ['format.markdown.refs=absolute', /format\.markdown\.refs must be one of relative, stable/],
      ['evaluated=maybe', /evaluated must be true, false or deterministic-only/],
      ['dereferenced=1', /dereferenced must be true, false or reusable-contents/],
      ['metadata=yes', /metadata must be true or false/],
      ['computed=0', /computed must be true or false/],
      ['cachedMetadata=true', /property cachedMetadata should not exist/],
      ['foo=bar', /property foo should not exist/],
    ])('refuses the page query %s with 400, in every form', async (query, message) => {
      for (const form of FORMS) expectError(await app.get(`${form.base(space, cr)}/page/${pageId}?${query}`), 400, message);
    });

    it.each([
      ['cachedMetadata=maybe', /cachedMetadata must be true or false/],
      ['foo=bar', /property foo should not exist/],
    ])('refuses the path query %s with 400', async (query, message) => {
      for (const form of FORMS) expectError(await app.get(`${form.base(space, cr)}/path/untitled?${query}`), 400, message);
    });

    it.each([
      ['', 'format=bogus'],
      ['/pages', 'format.markdown.refs=absolute'],
      ['', 'evaluated=true'],
      ['/pages', 'cachedMetadata=true'],
      ['/files', 'format=markdown'],
      ['/files', 'evaluated=true'],
      ['', 'metadata=maybe'],
      ['/files', 'limit=0'],
      ['/files', 'limit=1001'],
      ['/files', 'page=garbage!'],
    ])('refuses bad queries of GET C%s: %s', async (path, query) => {
      expectError(await app.get(`${live(space.id)}${path}?${query}`), 400);
    });

    it('finds pages by URL-encoded and slash-wrapped paths; unknown paths are 404', async () => {
      for (const path of ['untitle%64', '%75ntitled', 'untitled/', '/untitled', 'untitled%2F']) {
        const res = await app.get(`${live(space.id)}/path/${path}`);
        expect({ path, status: res.status, id: res.body.id }).toEqual({ path, status: 200, id: pageId });
      }
      for (const path of ['nothing', 'untitled/child', 'Untitled', 'untitled%20']) {
        expectError(await app.get(`${live(space.id)}/path/${path}`), 404, /page not found at path/);
      }
      // No path at all is no route.
      expectError(await app.get(`${live(space.id)}/path/`), 404);
    });
  });

  describe('who can read, and what is not there', () => {
    let space: any;
    let cr: any;
    let pageId: string;
    let other: any;

    beforeAll(async () => {
      space = await createSpace(app, org, { title: 'Guarded' });
      cr = await createCr(space.id);
      pageId = (await app.get(`${live(space.id)}/pages`)).body.pages[0].id;
      other = await createSpace(app, org, { title: 'Other' });
    });

    const reads = (base: string, page = 'p') => [
      base,
      `${base}/pages`,
      `${base}/files`,
      `${base}/files/f1`,
      `${base}/page/${page}`,
      `${base}/path/untitled`,
    ];

    it('lets anyone who can see the space read: readers, guests granted read', async () => {
      for (const form of FORMS) {
        const base = form.base(space, cr);
        for (const path of [base, `${base}/pages`, `${base}/files`, `${base}/page/${pageId}`, `${base}/path/untitled`]) {
          expect({ path, status: (await app.get(path, cast.reader.token)).status }).toEqual({ path, status: 200 });
        }
      }
      expectError(await app.get(live(space.id), cast.guest.token), 404, /space not found/);
      await grant(app, space.id, { role: 'read', users: [cast.guest.userId] });
      const res = await app.get(`${live(space.id)}/page/${pageId}`, cast.guest.token);
      validPage(`${C}/page/{pageId}`, res);
    });

    it('answers 404 for an unknown or invisible space, 401 without a token, in every form and route', async () => {
      for (const form of FORMS) {
        for (const path of reads(form.base(space, cr), pageId)) {
          expectError(await app.get(path, cast.outsider.token), 404, /space not found/);
          expectError(await app.get(path, null), 401);
          const unknown = path.replace(space.id, 'unknownSpace00000000');
          const res = await app.get(unknown);
          expectError(res, 404, /space not found/);
          expectDocumentedAnswer(schemas, 'GET', unknown.includes('/path/') ? `${form.template}/path/{path}` : unknown, res);
        }
      }
    });

    it('answers 404 for a space in the trash', async () => {
      const trashed = await createSpace(app, org, { title: 'Trashed' });
      expect((await app.delete(spacePath(trashed.id))).status).toBe(205);
      for (const path of reads(live(trashed.id))) expectError(await app.get(path), 404, /space not found/);
      for (const path of reads(rev(trashed.id, trashed.revision))) expectError(await app.get(path), 404, /space not found/);
    });

    it("answers 404 for an unknown change request, revision, or another space's revision or change request", async () => {
      const otherCr = await createCr(other.id);
      for (const path of reads(inCr(space.id, 'unknownChangeRequest'))) expectError(await app.get(path), 404, /change request not found/);
      for (const path of reads(inCr(space.id, 99))) expectError(await app.get(path), 404, /change request not found/);
      for (const path of reads(inCr(space.id, otherCr.id))) expectError(await app.get(path), 404, /change request not found/);
      for (const path of reads(rev(space.id, 'unknownRevision00000'))) expectError(await app.get(path), 404, /revision not found/);
      for (const path of reads(rev(space.id, other.revision))) expectError(await app.get(path), 404, /revision not found/);
      // The other space reads its own revision.
      expect((await app.get(rev(other.id, other.revision))).body.id).toBe(other.revision);
    });

    it('answers 404 for an unknown page, file or path, in every form', async () => {
      const otherPage = (await app.get(`${live(other.id)}/pages`)).body.pages[0].id;
      for (const form of FORMS) {
        const base = form.base(space, cr);
        const missingPage = await app.get(`${base}/page/nothing`);
        expectError(missingPage, 404, /page not found: nothing/);
        expectDocumentedAnswer(schemas, 'GET', `${form.template}/page/{pageId}`, missingPage);
        expectError(await app.get(`${base}/page/${otherPage}`), 404, /page not found/);
        const missingFile = await app.get(`${base}/files/nothing`);
        expectError(missingFile, 404, /file not found: nothing/);
        expectDocumentedAnswer(schemas, 'GET', `${form.template}/files/{fileId}`, missingFile);
        const missingPath = await app.get(`${base}/path/no/such/page`);
        expectError(missingPath, 404, /page not found at path: no\/such\/page/);
        expectDocumentedAnswer(schemas, 'GET', `${form.template}/path/{path}`, missingPath);
      }
    });
  });

  describe('content made through change requests (updateChangeRequestContent, merge, update)', () => {
    const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    let space: any;
    let cr: any;
    let firstRevision: string;
    const ids: Record<string, string> = {};

    /** Applies changes to the change request as one batch; answers the ids of the pages it created, in order. */
    async function edit(changeRequestId: string, changes: object[]): Promise<string[]> {
      const res = await app.post(`${spacePath(space.id)}/change-requests/${changeRequestId}/content?compat=false`, { changes });
      if (res.status !== 200) throw new Error(`could not edit: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.changes.filter((c: any) => c.object === 'created_page').map((c: any) => c.page.id);
    }

    const titles = (pages: any[]): any[] => pages.map((p) => (p.pages.length > 0 ? { [p.title]: titles(p.pages) } : p.title));

    beforeAll(async () => {
      space = await createSpace(app, org, { title: 'Nested' });
      cr = await createCr(space.id, 'Write the guide');
      [ids.guide, ids.faq] = await edit(cr.id, [
        { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nStart here.\n' } },
        { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions?' }, at: 0 },
      ]);
      firstRevision = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}`)).body.revision;
      [ids.setup, ids.usage, ids.intro] = await edit(cr.id, [
        { operation: 'insert_page', title: 'Setup', into: ids.guide, document: { markdown: 'Install it.\n\n```sh\nnpm i\n```\n' } },
        { operation: 'insert_page', title: 'Usage', into: ids.guide, document: { markdown: 'Use it.' } },
        { operation: 'insert_page', title: 'Intro', into: ids.guide, at: 0, document: { markdown: '' } },
        {
          operation: 'update_page',
          page: ids.faq,
          title: 'Questions',
          emoji: '🎉',
          description: 'Asked often',
          document: { markdown: 'Answers.' },
        },
      ]);
    });

    it("serves the tree in order, with paths, every page with its markdown; single pages with theirs and their children's", async () => {
      const base = inCr(space.id, cr.id);
      const revision = await app.get(base);
      validRevision(Q, revision);
      expect(revision.body.id).not.toBe(space.revision);
      expect(revision.body.parents).toEqual([firstRevision]);
      expect(titles(revision.body.pages)).toEqual(['Questions', 'Untitled', { Guide: ['Intro', 'Setup', 'Usage'] }]);
      const guide = revision.body.pages[2];
      expect(guide).toMatchObject({
        id: ids.guide,
        slug: 'guide',
        path: 'guide',
        urls: { app: `${APP}/s/${space.id}/~/changes/${cr.id}/guide` },
      });
      expect(guide.pages.map((p: any) => [p.id, p.path])).toEqual([
        [ids.intro, 'guide/intro'],
        [ids.setup, 'guide/setup'],
        [ids.usage, 'guide/usage'],
      ]);
      expect(revision.body.pages[0]).toMatchObject({
        id: ids.faq,
        title: 'Questions',
        emoji: '🎉',
        description: 'Asked often',
        slug: 'questions',
        path: 'questions',
      });

      const pages = await app.get(`${base}/pages`);
      validPages(Q, pages);
      expect(pages.body).toEqual({ pages: revision.body.pages });

      const setup = await app.get(`${base}/path/guide/setup`);
      validPage(`${Q}/path/{path}`, setup);
      expect(setup.body).toEqual({ ...guide.pages[1], markdown: 'Install it.\n\n```sh\nnpm i\n```\n' });
      for (const path of ['guide%2Fsetup', 'gui%64e/set%75p', 'guide/setup/'])
        expect((await app.get(`${base}/path/${path}`)).body.id).toBe(ids.setup);

      const parent = await app.get(`${base}/page/${ids.guide}`);
      validPage(`${Q}/page/{pageId}`, parent);
      expect(parent.body).toEqual({ ...guide, markdown: '# Guide\n\nStart here.\n' });
      expect((await app.get(`${base}/page/${ids.faq}?format=markdown`)).body).toMatchObject({ emoji: '🎉', markdown: 'Answers.' });
      expect((await app.get(`${base}/page/${ids.intro}`)).body.markdown).toBe('');
      expectError(await app.get(`${base}/path/setup`), 404, /page not found at path: setup/);
    });

    it('leaves the live content alone until the merge', async () => {
      const res = await app.get(`${live(space.id)}/pages`);
      expect(titles(res.body.pages)).toEqual(['Untitled']);
      expectError(await app.get(`${live(space.id)}/page/${ids.guide}`), 404, /page not found/);
      expectError(await app.get(`${live(space.id)}/path/guide/setup`), 404, /page not found/);
    });

    it('keeps every revision readable by id: an earlier revision shows the content it had', async () => {
      const base = rev(space.id, firstRevision);
      const revision = await app.get(base);
      validRevision(R, revision);
      expect(revision.body).toMatchObject({ id: firstRevision, type: 'edits', parents: [space.revision] });
      expect(titles(revision.body.pages)).toEqual(['FAQ', 'Untitled', 'Guide']);
      expect((await app.get(`${base}/page/${ids.faq}`)).body).toMatchObject({
        title: 'FAQ',
        markdown: 'Questions?',
        urls: { app: `${APP}/s/${space.id}/~/revisions/${firstRevision}/faq` },
      });
      expect((await app.get(`${base}/page/${ids.faq}`)).body).not.toHaveProperty('emoji');
      expect((await app.get(`${base}/path/faq`)).body).toMatchObject({ id: ids.faq, markdown: 'Questions?' });
      expectError(await app.get(`${base}/path/questions`), 404, /page not found at path/);
      expectError(await app.get(`${base}/page/${ids.setup}`), 404, /page not found/);
      expectError(await app.get(`${base}/path/guide/setup`), 404, /page not found at path/);
      // The first live revision still has one page.
      expect(titles((await app.get(`${rev(space.id, space.revision)}/pages`)).body.pages)).toEqual(['Untitled']);
    });

    it('serves inserted files, paged, by id, with a download URL per revision', async () => {
      const other = await createCr(space.id, 'Attachments');
      const res = await app.post(`${spacePath(space.id)}/change-requests/${other.id}/content?compat=false`, {
        changes: [
          {
            operation: 'insert_files',
            files: [
              { name: 'pixel.png', contentType: 'image/png', base64: PNG },
              { name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hello').toString('base64') },
              { name: 'data.json', contentType: 'application/json', base64: Buffer.from('{}').toString('base64') },
            ],
          },
        ],
      });
      expect(res.status).toBe(200);
      const inserted: any[] = res.body.insertedFiles;
      const crRevision = (await app.get(`${spacePath(space.id)}/change-requests/${other.id}`)).body.revision;
      /** A signed downloadURL naming the file of the revision (file-download-urls.e2e-spec.ts serves it). */
      const download = (revisionId: string, fileId: string) => ({
        $$typeof: Symbol.for('jest.asymmetricMatcher'),
        asymmetricMatch: (url: unknown) => {
          const match = typeof url === 'string' && /^http:\/\/api\.test\/v1\/files\/v1\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]{43}$/.exec(url);
          if (!match) return false;
          const { s, r, f } = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
          return s === space.id && r === revisionId && f === fileId;
        },
        toAsymmetricMatcher: () => `a signed URL of file ${fileId} of revision ${revisionId}`,
      });
      const expected = [
        {
          id: inserted[0].id,
          name: 'pixel.png',
          contentType: 'image/png',
          size: Buffer.from(PNG, 'base64').length,
          dimensions: { width: 1, height: 1 },
          downloadURL: download(crRevision, inserted[0].id),
        },
        { id: inserted[1].id, name: 'notes.txt', contentType: 'text/plain', size: 5, downloadURL: download(crRevision, inserted[1].id) },
        {
          id: inserted[2].id,
          name: 'data.json',
          contentType: 'application/json',
          size: 2,
          downloadURL: download(crRevision, inserted[2].id),
        },
      ];
      for (const base of [inCr(space.id, other.id), inCr(space.id, other.number), rev(space.id, crRevision)]) {
        const template = base.includes('/revisions/') ? R : Q;
        const first = await app.get(`${base}/files?limit=2`);
        expectValidAnswer(schemas, 'GET', `${template}/files`, first, 'RevisionFile');
        expect(first.body).toEqual({ count: 3, items: expected.slice(0, 2), next: { page: expect.any(String) } });
        const second = await app.get(`${base}/files?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
        expect(second.body).toEqual({ count: 3, items: expected.slice(2) });
        expect(await collectAll(app, `${base}/files?limit=1`)).toEqual(expected);
        for (const file of expected) {
          const one = await app.get(`${base}/files/${file.id}`);
          expectValidAnswer(schemas, 'GET', `${template}/files/{fileId}`, one, 'RevisionFile');
          expect(one.body).toEqual(file);
        }
        const revision = await app.get(base);
        validRevision(template, revision);
        expect(revision.body.files).toEqual(expected);
      }
      expect((await app.get(`${live(space.id)}/files`)).body).toEqual({ count: 0, items: [] });
      expectError(await app.get(`${live(space.id)}/files/${inserted[0].id}`), 404, /file not found/);
    });

    it(
      'after a merge, the live revision is a merge naming the change request (mergedFrom); ' + 'an update makes an update revision',
      async () => {
        const behind = await createCr(space.id, 'Behind');
        const liveBefore = (await app.get(spacePath(space.id))).body.revision;
        const crRevision = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}`)).body.revision;
        const merged = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`);
        expect(merged.status).toBe(200);

        const res = await app.get(live(space.id));
        validRevision(C, res);
        // A revision names the change request as lists answer it: without the caller's mergeability.
        const { mergeability, ...changeRequest } = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}`)).body;
        expect(mergeability).toBeDefined();
        expect(changeRequest.status).toBe('merged');
        expect(res.body).toMatchObject({
          id: merged.body.revision,
          type: 'merge',
          parents: [liveBefore, crRevision],
          mergedFrom: changeRequest,
        });
        expectGitbookSchema('ChangeRequest', res.body.mergedFrom);
        expect(titles(res.body.pages)).toEqual(['Questions', 'Untitled', { Guide: ['Intro', 'Setup', 'Usage'] }]);
        expect(res.body.pages[2].urls.app).toBe(`${APP}/s/${space.id}/guide`);
        const byPath = await app.get(`${live(space.id)}/path/guide/usage`);
        validPage(`${C}/path/{path}`, byPath);
        expect(byPath.body).toMatchObject({ id: ids.usage, markdown: 'Use it.' });
        // The same revision by id says the same (its pages' app URLs are the revision's).
        const byId = await app.get(rev(space.id, merged.body.revision));
        validRevision(R, byId);
        expect({ ...byId.body, pages: titles(byId.body.pages) }).toEqual({ ...res.body, pages: titles(res.body.pages) });

        const updated = await app.post(`${spacePath(space.id)}/change-requests/${behind.id}/update`);
        expect(updated.status).toBe(200);
        const behindNow = await app.get(inCr(space.id, behind.id));
        validRevision(Q, behindNow);
        expect(behindNow.body).toMatchObject({ id: updated.body.revision, type: 'update' });
        expect(behindNow.body).not.toHaveProperty('mergedFrom');
        expect(titles(behindNow.body.pages)).toEqual(['Questions', 'Untitled', { Guide: ['Intro', 'Setup', 'Usage'] }]);
      },
    );
  });

  describe('an empty space', () => {
    it('has no pages, no files, and nothing at any path', async () => {
      const space = await createSpace(app, org, { title: 'Blank', empty: true });
      const cr = await createCr(space.id);
      for (const form of FORMS) {
        const base = form.base(space, cr);
        const revision = await app.get(base);
        validRevision(form.template, revision);
        expect(revision.body).toMatchObject({ id: space.revision, pages: [], files: [] });
        expect((await app.get(`${base}/pages`)).body).toEqual({ pages: [] });
        for (const query of ['', '?limit=1', '?limit=1000']) {
          const files = await app.get(`${base}/files${query}`);
          expectValidAnswer(schemas, 'GET', `${form.template}/files`, files, 'RevisionFile');
          expect(files.body).toEqual({ count: 0, items: [] });
        }
        expectError(await app.get(`${base}/path/untitled`), 404, /page not found/);
      }
    });
  });
});
