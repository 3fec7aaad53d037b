import { strFromU8, unzipSync } from 'fflate';
import fc from 'fast-check';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createCollection, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';

const SPACE_EXPORT = '/v1/spaces/{spaceId}/archive-exports';
const GET_EXPORT = '/v1/orgs/{organizationId}/archive-exports/{exportId}';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR4nGP4z8DwHwyBNBoHAF5SBfuNvKKUAAAAAElFTkSuQmCC', 'base64');

/** Every GitBook block, linking `other` (a page) and `file` (a file) by their stable ids. */
const everyBlock = (other: string, file: string) =>
  [
    '{% hint style="warning" %}\nMind the **gap**.\n{% endhint %}',
    '{% tabs %}\n{% tab title="npm" %}\n```bash\nnpm i\n```\n{% endtab %}\n\n{% tab title="yarn" %}\nyarn add\n{% endtab %}\n{% endtabs %}',
    '{% code title="app.js" overflow="wrap" lineNumbers="true" %}\n```js\nconsole.log(1);\n```\n{% endcode %}',
    '{% embed url="https://www.youtube.com/watch?v=abc" %}\nA video\n{% endembed %}',
    `{% file src="/files/${file}" %}\nThe diagram\n{% endfile %}`,
    `{% content-ref url="/pages/${other}" %}\n[Install](/pages/${other})\n{% endcontent-ref %}`,
    `<figure><img src="/files/${file}" alt="Diagram"><figcaption><p>A caption</p></figcaption></figure>`,
    `See [install, step 2](/pages/${other}#step-2) and ![inline](/files/${file}).`,
    '| a | b |\n| - | - |\n| 1 | 2 |',
  ]
    .join('\n\n')
    .concat('\n');

describe('archive exports (exportSpaceArchive, exportOrganizationArchive, getArchiveExport, downloadArchive) and the round trip', () => {
  let app: TestApp;
  let cast: ContentCast;
  let schemas: AnswerSchemas;

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await contentCast(app, 'archive-export');
    schemas = await AnswerSchemas.load(app.url);
  });

  const edit = async (spaceId: string, cr: string, changes: object[]) => {
    const res = await app.post(`${spacePath(spaceId)}/change-requests/${cr}/content?compat=false`, { changes });
    if (res.status !== 200) throw new Error(`edit: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  /** A space with nested pages (three levels), two files of the same name, every block, emoji and descriptions. */
  async function richSpace(): Promise<string> {
    const space = await createSpace(app, cast.organizationId, { title: 'Rich', empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Content' })).body.id;
    const files = (
      await edit(space.id, cr, [
        {
          operation: 'insert_files',
          files: [
            { name: 'diagram.png', contentType: 'image/png', base64: PNG.toString('base64') },
            { name: 'diagram.png', contentType: 'image/png', base64: Buffer.concat([PNG, Buffer.from([0])]).toString('base64') },
          ],
        },
      ])
    ).insertedFiles.map((f: { id: string }) => f.id);
    const home = (await edit(space.id, cr, [{ operation: 'insert_page', title: 'Home', document: { markdown: 'Welcome.\n' } }])).changes[0]
      .page.id;
    const guide = (await edit(space.id, cr, [{ operation: 'insert_page', title: 'Guide', emoji: '1f4d8', description: 'How: to start' }]))
      .changes[0].page.id;
    const install = (
      await edit(space.id, cr, [
        { operation: 'insert_page', title: 'Install [v2]', into: guide, document: { markdown: '## Step 2\n\nRun.\n' } },
      ])
    ).changes[0].page.id;
    await edit(space.id, cr, [
      {
        operation: 'insert_page',
        title: 'Deep',
        into: install,
        document: { markdown: `Up: [guide](/pages/${guide}), ![d](/files/${files[1]})\n` },
      },
      { operation: 'update_page', page: home, document: { markdown: everyBlock(install, files[0]) } },
    ]);
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr}/merge`)).status).toBe(200);
    return space.id;
  }

  /** Polls the job until it is no longer pending (the runner packs it in the background). */
  async function finished(job: { organization: string; id: string }): Promise<any> {
    for (let i = 0; i < 600; i++) {
      const res = await app.get(`/v1/orgs/${job.organization}/archive-exports/${job.id}`);
      expect(res.status).toBe(200);
      if (res.body.status !== 'pending') {
        expectValidAnswer(schemas, 'GET', GET_EXPORT, res);
        return res.body;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export stayed pending');
  }

  const local = (url: string) => `${app.url}${new URL(url).pathname}`;

  async function exported(spaceId: string): Promise<Uint8Array> {
    const started = await app.post(`${spacePath(spaceId)}/archive-exports`);
    expect(started.status).toBe(202);
    expectValidAnswer(schemas, 'POST', SPACE_EXPORT, started);
    const done = await finished(started.body);
    expect(done).toMatchObject({ status: 'completed', spaces: 1, target: { kind: 'space', id: spaceId } });
    const zip = await fetch(local(done.urls.download));
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    return new Uint8Array(await zip.arrayBuffer());
  }

  async function imported(zip: Uint8Array): Promise<string> {
    const space = await createSpace(app, cast.organizationId, { title: 'Copy', empty: true });
    const res = await fetch(`${app.url}${spacePath(space.id)}/content/archive`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/zip' },
      body: zip,
    });
    expect(res.status).toBe(201);
    return space.id;
  }

  it('exports nested pages, files and every block in GitBook layout; import, export gives the same archive, byte for byte', async () => {
    const first = await exported(await richSpace());
    const files = unzipSync(first);
    expect(Object.keys(files)).toEqual([
      '.gitbook.yaml',
      'SUMMARY.md',
      'README.md',
      'guide/README.md',
      'guide/install-v2/README.md',
      'guide/install-v2/deep.md',
      '.gitbook/assets/diagram (1).png',
      '.gitbook/assets/diagram.png',
    ]);
    expect(strFromU8(files['SUMMARY.md']!)).toBe(
      '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Install \\[v2\\]](guide/install-v2/README.md)\n' +
        '    * [Deep](guide/install-v2/deep.md)\n',
    );
    const home = strFromU8(files['README.md']!);
    expect(home).toContain('{% content-ref url="guide/install-v2/README.md" %}\n[Install](guide/install-v2/README.md)');
    expect(home).toContain('{% file src=".gitbook/assets/diagram.png" %}');
    expect(home).toContain('See [install, step 2](guide/install-v2/README.md#step-2)');
    expect(strFromU8(files['guide/install-v2/deep.md']!)).toBe(
      '# Deep\n\nUp: [guide](../README.md), ![d](../../.gitbook/assets/diagram%20%281%29.png)\n',
    );
    expect(strFromU8(files['guide/README.md']!)).toMatch(/^---\ndescription: 'How: to start'\nemoji: 1f4d8\n---\n\n# Guide\n\n$/);

    const copy = await imported(first);
    const second = await exported(copy);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    // The copy's links point at its own pages and files.
    const links = await app.get(`${spacePath(copy)}/links`);
    expect(links.body.items.length).toBeGreaterThan(0);
    expect(links.body.items.filter((l: any) => l.status === 'broken')).toEqual([]);
  });

  it('round trip property: generated spaces export, import into an empty space and export again to the same bytes', async () => {
    const titles = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ()&[\]é-]{0,20}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ title: titles, parent: fc.nat(), body: fc.string({ maxLength: 40 }), link: fc.nat() }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (pages) => {
          const space = await createSpace(app, cast.organizationId, { empty: true });
          const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Generated' })).body.id;
          const ids: string[] = [];
          for (const page of pages) {
            const into = ids.length > 0 && page.parent % 2 === 0 ? { into: ids[page.parent % ids.length] } : {};
            const link = ids.length > 0 ? ` [x](/pages/${ids[page.link % ids.length]})` : '';
            ids.push(
              (
                await edit(space.id, cr, [
                  { operation: 'insert_page', title: page.title, ...into, document: { markdown: page.body + link } },
                ])
              ).changes[0].page.id,
            );
          }
          expect((await app.post(`${spacePath(space.id)}/change-requests/${cr}/merge`)).status).toBe(200);
          const first = await exported(space.id);
          expect(Buffer.from(await exported(await imported(first))).equals(Buffer.from(first))).toBe(true);
        },
      ),
      { numRuns: 3, seed: 20261127 },
    );
  });

  it('exports a collection or the whole organization, a folder per space, for admins', async () => {
    const collection = await createCollection(app, cast.organizationId, 'Exported');
    await createSpace(app, cast.organizationId, { title: 'In the collection', parent: collection });
    const started = await app.post(`/v1/orgs/${cast.organizationId}/archive-exports`, { collection });
    expect(started.status).toBe(202);
    const done = await finished(started.body);
    expect(done).toMatchObject({ status: 'completed', spaces: 1, target: { kind: 'collection', id: collection } });
    const files = unzipSync(new Uint8Array(await (await fetch(local(done.urls.download))).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'in-the-collection/.gitbook.yaml',
      'in-the-collection/README.md',
      'in-the-collection/SUMMARY.md',
    ]);

    const whole = await finished((await app.post(`/v1/orgs/${cast.organizationId}/archive-exports`, {})).body);
    expect(whole).toMatchObject({ status: 'completed', target: { kind: 'organization' } });
    expect(whole.spaces).toBeGreaterThan(1);

    expectError(await app.post(`/v1/orgs/${cast.organizationId}/archive-exports`, {}, cast.token('editor')), 403, 'organization admins');
    expectError(await app.post(`/v1/orgs/${cast.organizationId}/archive-exports`, { collection: 'nope' }), 400, 'collection');
    expectError(await app.get(`/v1/orgs/${cast.organizationId}/archive-exports/${whole.id}`, cast.token('editor')), 404);
    expectError(await app.get(`/v1/orgs/${cast.organizationId}/archive-exports/nope`), 404);
  });

  it('lets readers export a space they see, refuses others, and refuses tampered links', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Readable' });
    const started = await app.post(`${spacePath(space.id)}/archive-exports`, undefined, cast.token('reader'));
    expect(started.status).toBe(202);
    expect((await app.get(`/v1/orgs/${cast.organizationId}/archive-exports/${started.body.id}`, cast.token('reader'))).status).toBe(200);
    expectError(await app.post(`${spacePath(space.id)}/archive-exports`, undefined, cast.token('outsider')), 404);
    expectError(await app.post(`${spacePath(space.id)}/archive-exports`, undefined, null), 401);
    const done = await finished(started.body);
    const url = new URL(done.urls.download);
    const tampered = await fetch(`${app.url}${url.pathname.slice(0, -2)}xx`);
    expect(tampered.status).toBe(403);
  });
});
