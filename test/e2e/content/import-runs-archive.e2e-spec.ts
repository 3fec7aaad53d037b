import { strToU8, zipSync } from 'fflate';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';

const RUNS = '/v1/org/{organizationId}/imports';
const RUN = '/v1/org/{organizationId}/imports/{importRunId}';

/** GitBook's git layout: a table of contents, a README, a nested page and an image under .gitbook/assets. */
const ARCHIVE = zipSync({
  'SUMMARY.md': strToU8('# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n'),
  'README.md': strToU8('# Welcome\n\nStart with [the install](guide/install.md).\n'),
  'guide/README.md': strToU8('# Guide\n\n![diagram](../.gitbook/assets/diagram.png)\n'),
  'guide/install.md': strToU8('# Install\n\nRun it.\n'),
  '.gitbook/assets/diagram.png': Uint8Array.from(Buffer.from('89504e470d0a1a0a', 'hex')),
});

const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

describe('import runs of a zip archive (startImportRun with a `file` source naming a zip)', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'import-runs-archive');
  });

  const runs = () => `/v1/org/${cast.organizationId}/imports`;
  const crPath = (space: string, cr: string) => `${spacePath(space)}/change-requests/${cr}`;

  async function started(body: unknown): Promise<any> {
    const res = await app.post(runs(), body);
    if (res.status !== 201) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
    expectValidAnswer(schemas, 'POST', RUNS, res, 'ContentImportRun');
    return res.body;
  }

  /** Polls the run until it ends (the jest timeout is the hang guard). */
  async function finished(id: string): Promise<any> {
    for (;;) {
      const res = await app.get(`${runs()}/${id}`);
      expect(res.status).toBe(200);
      if (!['pending', 'in-progress'].includes(res.body.status)) {
        expectValidAnswer(schemas, 'GET', RUN, res, 'ContentImportRun');
        return res.body;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** A change request of a new space holding a page "Existing" and the given files. */
  async function changeRequestWith(files: { name: string; contentType: string; base64: string }[]) {
    const space = await createSpace(app, cast.organizationId, { title: 'Archive run', empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Archive' })).body;
    const res = await app.post(`${crPath(space.id, cr.id)}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', title: 'Existing', document: { markdown: 'Here before.' } },
        { operation: 'insert_files', files },
      ],
    });
    expect(res.status).toBe(200);
    const existing = (await app.get(`${crPath(space.id, cr.id)}/content/pages`)).body.pages[0];
    return { space: space.id, cr: cr.id, existing: existing.id as string, files: res.body.insertedFiles as { id: string }[] };
  }

  it('imports the archive as one revision: its page tree under target.page, its files stored, the pages listed', async () => {
    const { space, cr, existing, files } = await changeRequestWith([
      { name: 'docs.zip', contentType: 'application/zip', base64: base64(ARCHIVE) },
      { name: 'notes.md', contentType: 'text/markdown', base64: base64('# Notes\n') },
    ]);
    const [zip, notes] = files;
    const target = { space, changeRequest: cr, page: existing };
    // A zip is imported alone.
    expectError(
      await app.post(runs(), { source: { type: 'file', files: [notes!.id, zip!.id] }, target }),
      400,
      /docs\.zip is a zip archive, which is imported alone/,
    );
    const before = (await app.get(crPath(space, cr))).body.revision;

    const done = await finished((await started({ source: { type: 'file', files: [zip!.id] }, target })).id);
    expect(done).toMatchObject({ status: 'completed', importedResources: 4, totalResources: 4, target });
    expect((await app.get(crPath(space, cr))).body.revision).not.toBe(before);

    const pages = (await app.get(`${crPath(space, cr)}/content/pages`)).body.pages;
    const shape = (list: any[]): any[] => list.map((p) => [p.title, shape(p.pages ?? [])]);
    expect(shape(pages)).toEqual([
      [
        'Existing',
        [
          ['Welcome', []],
          ['Guide', [['Install', []]]],
        ],
      ],
    ]);
    const [welcome, guide] = pages[0].pages;
    const install = guide.pages[0];
    expect(done.pages.map((p: any) => p.id)).toEqual([welcome.id, guide.id, install.id]);

    const stored = (await app.get(`${crPath(space, cr)}/content/files`)).body.items;
    const diagram = stored.find((f: any) => f.name === 'diagram.png');
    expect(diagram).toMatchObject({ contentType: 'image/png' });
    const markdown = async (id: string) => (await app.get(`${crPath(space, cr)}/content/page/${id}?format=markdown`)).body.markdown;
    expect(await markdown(guide.id)).toBe(`![diagram](/files/${diagram.id})\n`);
    expect(await markdown(welcome.id)).toBe(`Start with [the install](/pages/${install.id}).\n`);
    expect((await app.get(`${spacePath(space)}/content/pages`)).body.pages).toEqual([]); // the live content is untouched
  });

  it("fails the run with the archive's reason when the zip is corrupt, writing nothing", async () => {
    const { space, cr, files } = await changeRequestWith([
      { name: 'broken.zip', contentType: 'application/zip', base64: base64(ARCHIVE.slice(0, 40)) },
    ]);
    const before = (await app.get(crPath(space, cr))).body.revision;
    const done = await finished(
      (await started({ source: { type: 'file', files: [files[0]!.id] }, target: { space, changeRequest: cr } })).id,
    );
    expect(done.status).toBe('failed');
    expect(done.reason).toMatch(/^archive: not a readable zip archive/);
    expect((await app.get(crPath(space, cr))).body.revision).toBe(before);
  });
});
