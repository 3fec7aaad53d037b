import { strToU8, zipSync } from 'fflate';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';

const LIVE = '/v1/spaces/{spaceId}/content/archive';

/** POSTs bytes as they are (the helpers send JSON or text). */
async function upload(app: TestApp, path: string, bytes: Uint8Array, options: { token?: string | null; type?: string } = {}) {
  const token = options.token === undefined ? OWNER_TOKEN : options.token;
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': options.type ?? 'application/zip', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const markdownFolder = zipSync({
  'docs/SUMMARY.md': strToU8(
    '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n',
  ),
  'docs/README.md': strToU8('# Welcome\n\nStart with [the install](guide/install.md#steps).\n'),
  'docs/guide/README.md': strToU8('---\ndescription: How it works\n---\n\n# Guide\n\n![diagram](../.gitbook/assets/diagram.png)\n'),
  'docs/guide/install.md': strToU8('# Install\n\n## Steps\n\n{% hint style="info" %}\nRun it.\n{% endhint %}\n'),
  'docs/.gitbook/assets/diagram.png': Uint8Array.from(Buffer.from('89504e470d0a1a0a', 'hex')),
});

describe('POST …/content/archive (importArchive, importArchiveInChangeRequest)', () => {
  let app: TestApp;
  let cast: ContentCast;
  let schemas: AnswerSchemas;

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await contentCast(app, 'archive-import');
    schemas = await AnswerSchemas.load(app.url);
  });

  it('imports pages (nested, titled from SUMMARY.md), metadata, files and the links between them in one revision', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const res = await upload(app, `${spacePath(space.id)}/content/archive`, markdownFolder);
    expect(res.status).toBe(201);
    expectValidAnswer(schemas, 'POST', LIVE, res);
    expect(res.body).toEqual({ revision: expect.any(String), importedResources: 4, totalResources: 4 });

    const pages = (await app.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    expect(pages.map((p: any) => [p.title, p.slug, p.pages.map((c: any) => [c.title, c.slug, c.description ?? ''])])).toEqual([
      ['Welcome', 'welcome', []],
      ['Guide', 'guide', [['Install', 'install', '']]],
    ]);
    expect(pages[1].description).toBe('How it works');
    const files = (await app.get(`${spacePath(space.id)}/content/files`)).body.items;
    expect(files.map((f: any) => [f.name, f.contentType])).toEqual([['diagram.png', 'image/png']]);
    const install = pages[1].pages[0];
    const welcome = await app.get(`${spacePath(space.id)}/content/page/${pages[0].id}?format=markdown`);
    expect(welcome.body.markdown).toBe(`Start with [the install](/pages/${install.id}#steps).\n`);
    const guide = await app.get(`${spacePath(space.id)}/content/page/${pages[1].id}?format=markdown`);
    expect(guide.body.markdown).toBe(`![diagram](/files/${files[0].id})\n`);
    const links = await app.get(`${spacePath(space.id)}/links`);
    expect(links.body.items.every((l: any) => l.status === 'ok')).toBe(true);
  });

  it('imports into a change request, leaving the live content as it was', async () => {
    const space = await createSpace(app, cast.organizationId, {});
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Import' })).body;
    const res = await upload(app, `${spacePath(space.id)}/change-requests/${cr.id}/content/archive`, markdownFolder);
    expect(res.status).toBe(201);
    const crPages = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/pages`)).body.pages;
    expect(crPages.map((p: any) => p.title)).toEqual(['Untitled', 'Welcome', 'Guide']);
    const live = (await app.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    expect(live.map((p: any) => p.title)).toEqual(['Untitled']);
  });

  it('refuses what is not a zip archive, paths that climb out, bombs, another content type, readers', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const path = `${spacePath(space.id)}/content/archive`;
    expectError(await upload(app, path, strToU8('not a zip')), 400, 'archive: not a zip archive');
    expectError(await upload(app, path, zipSync({ '../../etc/x.md': strToU8('x') })), 400, 'climbs out of the archive');
    expectError(await upload(app, path, zipSync({ 'big.md': new Uint8Array(25 * 1024 * 1024) })), 400, /inflates past 20 MiB/);
    expectError(await upload(app, path, markdownFolder, { type: 'application/json' }), 415, 'application/zip');
    expectError(await upload(app, path, markdownFolder, { token: cast.token('reader') }), 403);
    expectError(await upload(app, path, markdownFolder, { token: null }), 401);
    expectError(await upload(app, `${spacePath('nope')}/content/archive`, markdownFolder), 404);
    expectError(await app.post(path, { archive: 'x' }), 415, 'application/zip');
    expect((await app.get(`${spacePath(space.id)}/content/pages`)).body.pages).toEqual([]);
  });
});
