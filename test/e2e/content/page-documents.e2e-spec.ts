import { GitBookAPI } from '@gitbook/api';
import { AnswerSchemas, expectDocumentedAnswer } from '../support/answer-schemas';
import { contentCast, createSpace, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { watchingHealth } from '../support/responsiveness';
import { expectError, HttpResult, OWNER_TOKEN, TestApp } from '../support/test-app';

/**
 * Page bodies in GitBook's two formats (docs/content-design.md, "Page bodies and documents"): every
 * page a read answers carries its body, as markdown or (format=document) as GitBook's JSON document;
 * format.markdown.refs=stable writes references by id; page inserts and updates take documents.
 */
const C = '/v1/spaces/{spaceId}/content';
const Q = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content';
const R = '/v1/spaces/{spaceId}/revisions/{revisionId}';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Every leaf's text of a document, in order (what a round trip must keep). */
function textOf(node: any): string {
  if (node.object === 'leaf') return node.text;
  const parts: string[] = [];
  for (const leaf of node.leaves ?? []) parts.push(textOf(leaf));
  for (const child of node.nodes ?? []) parts.push(textOf(child));
  for (const fragment of node.fragments ?? []) parts.push(textOf(fragment));
  return parts.join('');
}

/** Every `data.ref` of a document's nodes. */
function refsOf(node: any): any[] {
  const own = node.data?.ref ? [node.data.ref] : [];
  return [...own, ...[...(node.nodes ?? []), ...(node.fragments ?? [])].flatMap(refsOf)];
}

const typesOf = (node: any): string[] => [
  ...(node.object === 'block' || node.object === 'inline' ? [node.type] : []),
  ...[...(node.nodes ?? []), ...(node.fragments ?? [])].flatMap(typesOf),
];

/** Each page of a tree carries exactly one body, of the kind asked. */
function expectBodies(pages: any[], kind: 'markdown' | 'document'): void {
  for (const page of pages) {
    expect({ id: page.id, has: Object.keys(page).filter((key) => key === 'markdown' || key === 'document') }).toEqual({
      id: page.id,
      has: [kind],
    });
    expectBodies(page.pages, kind);
  }
}

describe('page documents', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let space: any;
  let cr: any;
  let fileId: string;
  let ids: { guide: string; target: string; child: string };
  let base: { live: string; cr: string; revision: string };

  const edit = (changes: object[], crId = cr.id) =>
    app.post(`${spacePath(space.id)}/change-requests/${crId}/content?compat=false`, { changes });
  const editOk = async (changes: object[], crId?: string) => {
    const res = await edit(changes, crId);
    if (res.status !== 200) throw new Error(`edit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const guideMarkdown = (file: string) =>
    [
      '# Guide',
      '',
      'Some **bold**, _italic_, ~~struck~~ and `code` text with [a site](https://example.com/docs) and [the target](/pages/target).',
      '',
      '## Lists',
      '',
      '- one',
      '- two',
      '',
      '* [ ] todo',
      '* [x] done',
      '',
      '> A quote.',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '| Name | Value |',
      '| --- | ---: |',
      '| a | 1 |',
      '',
      `![Logo](/files/${file})`,
      '',
      '{% hint style="warning" %}',
      'Careful.',
      '{% endhint %}',
      '',
      '{% tabs %}',
      '{% tab title="One" %}',
      'First tab.',
      '{% endtab %}',
      '{% endtabs %}',
      '',
      '{% embed url="https://example.com/video" %}',
      '',
      `{% file src="/files/${file}" %}`,
      '',
      '{% content-ref url="/pages/target" %}',
      '[Target](/pages/target)',
      '{% endcontent-ref %}',
      '',
      'See [the section](/pages/target#section) and [below](#lists).',
      '',
    ].join('\n');

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    const cast = await contentCast(app, 'page-documents');
    space = await createSpace(app, cast.organizationId, { title: 'Documents', empty: true });
    cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Pages' })).body;
    const first = await editOk([
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: PNG }] },
      { operation: 'insert_page', title: 'Target', document: { markdown: 'The target.\n\n## Section\n\nHere.\n' } },
    ]);
    fileId = first.insertedFiles[0].id;
    const target = first.changes.find((change: any) => change.object === 'created_page').page.id;
    const second = await editOk([{ operation: 'insert_page', title: 'Guide', document: { markdown: guideMarkdown(fileId) } }]);
    const guide = second.changes[0].page.id;
    const third = await editOk([
      { operation: 'insert_page', title: 'Child', into: guide, document: { markdown: 'Child of [guide](../guide.md).' } },
    ]);
    ids = { guide, target, child: third.changes[0].page.id };
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`)).status).toBe(200);
    const merged = (await app.get(`${spacePath(space.id)}/content`)).body;
    base = {
      live: `${spacePath(space.id)}/content`,
      cr: `${spacePath(space.id)}/change-requests/${cr.id}/content`,
      revision: `${spacePath(space.id)}/revisions/${merged.id}`,
    };
  });

  describe('format=document on one page', () => {
    const forms = [
      ['live', 'live', C],
      ['change request', 'cr', Q],
      ['revision', 'revision', R],
    ] as const;

    it.each(forms)('%s: by id and by path, the page and its children carry GitBook documents', async (_name, at, template) => {
      const byId = await app.get(`${base[at]}/page/${ids.guide}?format=document`);
      expect(byId.status).toBe(200);
      expectDocumentedAnswer(schemas, 'GET', `${template}/page/{pageId}`, byId);
      expectGitbookSchema('RevisionPageDocument', byId.body);
      expectGitbookSchema('RevisionPage', byId.body);
      expectBodies([byId.body], 'document');
      expectGitbookSchema('JSONDocument', byId.body.document);

      const byPath = await app.get(`${base[at]}/path/guide?format=document`);
      expect(byPath.status).toBe(200);
      expectDocumentedAnswer(schemas, 'GET', `${template}/path/{path}`, byPath);
      expect(byPath.body).toEqual(byId.body);
    });

    it('converts every block and mark markdown has, links to pages and files becoming GitBook references', async () => {
      const { document } = (await app.get(`${base.live}/page/${ids.guide}?format=document`)).body;
      expect(new Set(typesOf(document))).toEqual(
        new Set([
          'heading-1',
          'heading-2',
          'paragraph',
          'link',
          'list-unordered',
          'list-tasks',
          'list-item',
          'blockquote',
          'code',
          'code-line',
          'table',
          'images',
          'image',
          'hint',
          'tabs',
          'tabs-item',
          'embed',
          'file',
          'content-ref',
        ]),
      );
      const marks = new Set<string>();
      const walk = (node: any) => {
        for (const leaf of node.leaves ?? []) for (const mark of leaf.marks) marks.add(mark.type);
        for (const child of node.nodes ?? []) walk(child);
      };
      walk(document);
      expect(marks).toEqual(new Set(['bold', 'italic', 'strikethrough', 'code']));
      expect(refsOf(document)).toEqual(
        expect.arrayContaining([
          { kind: 'url', url: 'https://example.com/docs' },
          { kind: 'page', page: ids.target },
          { kind: 'file', file: fileId },
          { kind: 'anchor', anchor: 'section', page: ids.target },
          { kind: 'anchor', anchor: 'lists' },
        ]),
      );
      expect(document.nodes.find((node: any) => node.type === 'code').data).toMatchObject({ syntax: 'js' });
      expect(document.nodes.find((node: any) => node.type === 'hint').data).toEqual({ style: 'warning' });
      const child = (await app.get(`${base.live}/page/${ids.child}?format=document`)).body.document;
      expect(refsOf(child)).toEqual([{ kind: 'page', page: ids.guide }]);
    });

    it("answers through GitBook's client", async () => {
      const api = new GitBookAPI({ authToken: OWNER_TOKEN, endpoint: app.url });
      const { data } = await api.spaces.getPageById(space.id, ids.target, { format: 'document' });
      expect(data).toMatchObject({ id: ids.target, document: { object: 'document' } });
      expect(textOf((data as any).document)).toBe('The target.SectionHere.');
    });
  });

  describe('pages in revisions carry their content', () => {
    it.each([
      ['', 'markdown'],
      ['?format=markdown', 'markdown'],
      ['?format=document', 'document'],
    ] as const)('GET .../content%s and .../content/pages: every page with its %s, valid GitBook answers', async (query, kind) => {
      for (const [at, template] of [
        ['live', C],
        ['cr', Q],
        ['revision', R],
      ] as const) {
        const revision = await app.get(`${base[at]}${query}`);
        expect(revision.status).toBe(200);
        expectDocumentedAnswer(schemas, 'GET', template, revision);
        expectGitbookSchema('Revision', revision.body);
        expectBodies(revision.body.pages, kind);

        const pages = await app.get(`${base[at]}/pages${query}`);
        expect(pages.status).toBe(200);
        expectDocumentedAnswer(schemas, 'GET', `${template}/pages`, pages);
        expectBodies(pages.body.pages, kind);
        for (const page of pages.body.pages) expectGitbookSchema('RevisionPage', page);
        expect(pages.body.pages).toEqual(revision.body.pages);
      }
      const revision = (await app.get(`${base.live}${query}`)).body;
      const guide = revision.pages.find((page: any) => page.id === ids.guide);
      if (kind === 'markdown') expect(guide.markdown).toBe(guideMarkdown(fileId));
      else expect(guide.document).toEqual((await app.get(`${base.live}/page/${ids.guide}?format=document`)).body.document);
    });

    it('describes document in the served OpenAPI document', () => {
      const page = (schemas.document.components!.schemas as any).RevisionPageResponse;
      expect(page.properties.document).toBeDefined();
      const json = (schemas.document.components!.schemas as any).JsonDocumentResponse;
      expect(json.required).toEqual(expect.arrayContaining(['object', 'data', 'nodes']));
      const paths = schemas.document.paths as Record<string, any>;
      for (const path of [C, `${C}/pages`, `${C}/page/{pageId}`, `${Q}/path/{path}`, R])
        expect(paths[path].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['format', 'format.markdown.refs']));
    });
  });

  describe('format.markdown.refs=stable', () => {
    it('writes every reference to a page or file of the revision by id, keeping the text', async () => {
      const stable = await app.get(`${base.live}/page/${ids.guide}?format.markdown.refs=stable`);
      expect(stable.status).toBe(200);
      expectGitbookSchema('RevisionPageDocument', stable.body);
      const { markdown } = stable.body;
      expect(markdown).toContain(`[the target](/pages/${ids.target})`);
      expect(markdown).toContain(`/pages/${ids.target}#section`);
      expect(markdown).toContain(`/files/${fileId}`);
      expect(markdown).toContain('[a site](https://example.com/docs)');
      expect(markdown).not.toContain('/pages/target)');
      // The children's too.
      expect(stable.body.pages[0].markdown).toBe(`Child of [guide](/pages/${ids.guide}).\n`);
      // Stored and read as a document again, it says the same.
      const crId = await newCr();
      const again = await editOk([{ operation: 'insert_page', title: 'Stable', document: { markdown } }], crId);
      const asStored = (await app.get(`${crContent(crId)}/page/${again.changes[0].page.id}?format=document`)).body;
      const original = (await app.get(`${base.live}/page/${ids.guide}?format=document`)).body;
      expect(textOf(asStored.document)).toBe(textOf(original.document));
      // Without it (relative, the default), the markdown is as stored.
      expect((await app.get(`${base.live}/page/${ids.guide}?format.markdown.refs=relative`)).body.markdown).toBe(guideMarkdown(fileId));
      // format=document ignores it.
      expect((await app.get(`${base.live}/page/${ids.guide}?format=document&format.markdown.refs=stable`)).body).toEqual(original);
    });
  });

  const newCr = async (): Promise<string> => (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'More' })).body.id;
  const crContent = (crId: string) => `${spacePath(space.id)}/change-requests/${crId}/content`;

  describe('document bodies on insert_page and update_page', () => {
    it('stores a document as markdown; the round trip markdown → document → markdown keeps the text', async () => {
      const original = (await app.get(`${base.live}/page/${ids.guide}?format=document`)).body.document;
      const crId = await newCr();
      const inserted = await editOk([{ operation: 'insert_page', title: 'Copy', document: { document: original } }], crId);
      const copy = inserted.changes[0].page.id;
      const at = crContent(crId);
      const markdown = (await app.get(`${at}/page/${copy}`)).body.markdown;
      for (const text of ['Careful.', 'First tab.', 'const x = 1;', 'A quote.', 'todo', 'done', 'Value']) expect(markdown).toContain(text);
      expect(markdown).toContain(`(/pages/${ids.target})`);
      const read = (await app.get(`${at}/page/${copy}?format=document`)).body.document;
      expectGitbookSchema('JSONDocument', read);
      expect(textOf(read)).toBe(textOf(original));
      expect(refsOf(read)).toEqual(refsOf(original));

      const updated = await edit(
        [{ operation: 'update_page', page: copy, document: { document: { object: 'document', data: {}, nodes: [] } } }],
        crId,
      );
      expect(updated.status).toBe(200);
      expect((await app.get(`${at}/page/${copy}`)).body.markdown).toBe('');
      const paragraph = {
        object: 'document',
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            data: {},
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hi *there*', marks: [{ object: 'mark', type: 'bold' }] }] }],
          },
        ],
      };
      expect((await edit([{ operation: 'update_page', page: copy, document: { document: paragraph } }], crId)).status).toBe(200);
      const back = (await app.get(`${at}/page/${copy}`)).body.markdown;
      expect(back).toBe('**Hi \\*there\\***\n');
      expect(textOf((await app.get(`${at}/page/${copy}?format=document`)).body.document)).toBe('Hi *there*');
    });

    it.each([
      [
        { object: 'document', data: {}, nodes: [{ object: 'block', type: 'nope', data: {}, nodes: [] }] },
        /^changes\[0\]\.document\.document\.nodes\[0\]/,
      ],
      [
        {
          object: 'document',
          data: {},
          nodes: [
            { object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 1, marks: [] }] }] },
          ],
        },
        /^changes\[0\]\.document\.document\.nodes\[0\]\.nodes\[0\]\.leaves\[0\]/,
      ],
      [{ object: 'doc', data: {}, nodes: [] }, /changes\[0\]\.document\.document\.object/],
      [[], /document\.document must be an object/],
    ])('refuses an invalid document with 400 naming the bad node, recording nothing (%#)', async (document, message) => {
      const crId = await newCr();
      const before = (await app.get(`${spacePath(space.id)}/change-requests/${crId}`)).body.revision;
      expectError(await edit([{ operation: 'insert_page', title: 'Bad', document: { document } }], crId), 400, message);
      expectError(await edit([{ operation: 'update_page', page: ids.target, document: { document } }], crId), 400, message);
      expect((await app.get(`${spacePath(space.id)}/change-requests/${crId}`)).body.revision).toBe(before);
    });

    it('refuses markdown and document together, naming the change', async () => {
      const crId = await newCr();
      const both = { markdown: 'x', document: { object: 'document', data: {}, nodes: [] } };
      expectError(
        await edit(
          [
            { operation: 'insert_page', title: 'Ok', document: { markdown: 'fine' } },
            { operation: 'insert_page', document: both },
          ],
          crId,
        ),
        400,
        /^changes\[1\]\.document: send the body as markdown or as document, not both$/,
      );
    });
  });

  describe('hostile bodies, in bounded time with /health answering', () => {
    it('a page of 95,000 unclosed hints is read as a document and as stable markdown', async () => {
      const crId = await newCr();
      const bomb = '{% hint %}\n'.repeat(95_000);
      const page = (await editOk([{ operation: 'insert_page', title: 'Hints', document: { markdown: bomb } }], crId)).changes[0].page.id;
      const at = `${app.url}${crContent(crId)}/page/${page}`;
      // The answers (a document of some 13 MB) are read as bytes while /health is watched, and parsed after:
      // parsing them would hold this process's event loop, which the watch measures too.
      const read = async (query: string) => {
        const res = await fetch(`${at}?${query}`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } });
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const watched = await watchingHealth(app.url, () => Promise.all([read('format=document'), read('format.markdown.refs=stable')]));
      // Converted in a work thread (some 4 to 8 s each on a quiet machine), or 422 past the budget: never a stalled server.
      for (const { status, bytes } of watched.result) {
        const body = JSON.parse(bytes.toString('utf8'));
        if (status === 422) expectError({ status, body, headers: {} } as HttpResult, 422, new RegExp(`page ${page}`));
        else expect(status).toBe(200);
        // Its first blocks (GitBook's schema over all 95,000 would take the validator most of a minute).
        if (body.document) expectGitbookSchema('JSONDocument', { ...body.document, nodes: body.document.nodes.slice(0, 200) });
        if (status === 200) expect(Object.keys(body).filter((key) => key === 'markdown' || key === 'document')).toHaveLength(1);
      }
      expect(watched.polls).toBeGreaterThan(0);
      expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    });

    // /health is not held to 100 ms here: parsing the 5 MB body (json-body.ts) and handing the
    // document to a work thread still hold the loop about 0.2 s. Nest's ValidationPipe no longer
    // walks a parsed body again for prototype keys and array gaps (validation.ts), which held it
    // about 0.8 s more.
    it('documents past the bounds are refused with a clear 400: too many nodes, too deep', async () => {
      const crId = await newCr();
      const leaf = { object: 'leaf', text: 'x', marks: [] };
      const wide = {
        object: 'document',
        data: {},
        nodes: Array.from({ length: 70_000 }, () => ({
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [{ object: 'text', leaves: [leaf] }],
        })),
      };
      // 5,000 quotes in quotes (10,000 levels of JSON), written by hand: JSON.stringify would run out of stack.
      const paragraph = JSON.stringify({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [leaf] }] });
      const quotes = `${'{"object":"block","type":"blockquote","data":{},"nodes":['.repeat(5_000)}${paragraph}${']}'.repeat(5_000)}`;
      const document = `{"object":"document","data":{},"nodes":[${quotes}]}`;
      const deep = `{"changes":[{"operation":"insert_page","title":"Deep","document":{"document":${document}}}]}`;
      const watched = await watchingHealth(app.url, async () => ({
        wide: await edit([{ operation: 'insert_page', title: 'Wide', document: { document: wide } }], crId),
        deep: await app.request('POST', `${crContent(crId)}?compat=false`, {
          rawBody: deep,
          headers: { 'content-type': 'application/json' },
        }),
      }));
      expectError(watched.result.wide, 400, /^changes\[0\]\.document\.document\.nodes\[\d+\]\S*: the document has more than 200000 nodes/);
      // The platform refuses bodies nested deeper than 32 levels before anything walks them.
      expectError(watched.result.deep, 400, /body: JSON nested deeper than 32 levels/);
      expect(watched.elapsedMs).toBeLessThan(30_000 * watched.loadFactor);
    });
  });
});
