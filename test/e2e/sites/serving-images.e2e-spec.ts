import { solidPng } from '../../../libs/content/src/testing/pdf-text';
import { createSpace, spacePath } from '../support/content-world';
import { TestApp } from '../support/test-app';
import { createSite, siteCast } from './site-world';
import { publishedPath, readerGet } from './served-world';

const PNG = solidPng(8, 4, [20, 120, 200, 255]);

/**
 * Images of served pages (docs/sites-serving.md, "What"): a page's image naming a file of its
 * revision (`/files/<id>`, `files/<id>`, the file's name) is served from the file's signed URL, which
 * loads without a token; one naming nothing is marked broken.
 */
describe('images on served sites', () => {
  let app: TestApp;
  let base: string;
  let fileId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    const cast = await siteCast(app, 'serving-images');
    const space = await createSpace(app, cast.organizationId, { title: 'Pictures', empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Pictures' })).body;
    const files = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'insert_files', files: [{ name: 'chart.png', contentType: 'image/png', base64: PNG.toString('base64') }] }],
    });
    expect(files.status).toBe(200);
    fileId = files.body.insertedFiles[0].id;
    const markdown = [
      `![absolute](/files/${fileId})`,
      `![relative](files/${fileId})`,
      '![by name](chart.png)',
      `[the chart](/files/${fileId})`,
      '![gone](/files/no-such-file)',
      '![elsewhere](https://example.com/x.png)',
    ].join('\n\n');
    const page = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Gallery', document: { markdown } }],
    });
    expect(page.status).toBe(200);
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`, undefined)).status).toBe(200);
    const site = await createSite(app, cast.organizationId, { title: 'Pictures site', spaces: [space.id] });
    base = await publishedPath(app, cast.organizationId, site.id);
  });
  afterAll(() => app.stop());

  /** A URL the page holds, on the test server (signed URLs name PUBLIC_URL). */
  const local = (url: string) => `${app.url}${new URL(url).pathname}`;

  it("renders images of the revision's files as <img> at signed URLs that load without a token", async () => {
    const { $, status } = await readerGet(app, base);
    expect(status).toBe(200);
    const src = (alt: string) => $(`article img[alt="${alt}"]`).attr('src')!;
    for (const alt of ['absolute', 'relative', 'by name'])
      expect(src(alt)).toMatch(/^http:\/\/api\.test\/v1\/files\/v1\.[\w-]+\.[\w-]{43}$/);
    expect(src('relative')).toBe(src('absolute'));
    expect($('article a:contains("the chart")').attr('href')).toBe(src('absolute'));
    const image = await fetch(local(src('absolute')));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // A file the revision does not have is marked; an outside image stays as written.
    expect($('article img[alt="gone"]').attr('class')).toBe('broken-image');
    expect(src('elsewhere')).toBe('https://example.com/x.png');
  });

  it('keeps the page ETag while the file URLs stay the same', async () => {
    const first = await readerGet(app, base);
    const again = await readerGet(app, base, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(fileId).toBeTruthy();
  });
});
