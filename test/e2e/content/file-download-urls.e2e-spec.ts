import fc from 'fast-check';
import { createHash } from 'node:crypto';
// The clock alone: @docs/platform/testing would load Nest and the stores into this worker.
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { solidPng } from '../../../libs/content/src/testing/pdf-text';
import { AnswerSchemas, expectDocumentedAnswer } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { expectError, HttpResult, TestApp } from '../support/test-app';

const SIGNED = '/v1/files/{token}';
/** FILE_URL_TTL_SECONDS' default: a URL serves for more than one and at most two of these. */
const TTL_SECONDS = 24 * 60 * 60;
/** The router's limit on a path parameter (apps/api/create-app.ts). */
const MAX_PATH_PARAMETER_LENGTH = 1024;
const SIGNED_URL = /^http:\/\/api\.test\/v1\/files\/v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

const PNG = solidPng(24, 12, [200, 40, 40, 255]);
const TEXT = Buffer.from('quarterly numbers, do not sniff me <script>alert(1)</script>');
const TEXT_NAME = 'report "final"; x=1\r\n.txt';

type Answer = HttpResult & { bytes: Buffer };

describe("A file's downloadURL: a signed URL serving the bytes without a token", () => {
  const clock = new FakeClock();
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'files');
  });
  afterAll(() => app.stop());

  /** The URL names the public URL; the test server listens elsewhere. */
  const local = (url: string) => `${app.url}${new URL(url).pathname}`;

  async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    // A raw fetch bypasses TestApp: the host's copy of the clock catches up with the suite's first.
    await app.syncClock();
    const response = await fetch(url, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.startsWith('application/json');
    return { status: response.status, headers: response.headers, body: json ? JSON.parse(bytes.toString('utf8')) : undefined, bytes };
  }

  /** A change request with a PNG and a text file uploaded to it. */
  async function upload(): Promise<{ space: any; cr: any; png: any; text: any }> {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Files' })).body;
    const res = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        {
          operation: 'insert_files',
          files: [
            { name: 'chart.png', contentType: 'image/png', base64: PNG.toString('base64') },
            { name: TEXT_NAME, contentType: 'text/plain', base64: TEXT.toString('base64') },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const [png, text] = res.body.insertedFiles;
    return { space, cr: res.body.changeRequest, png, text };
  }

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const token = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const claims = (url: string) => JSON.parse(Buffer.from(token(url).split('.')[1]!, 'base64url').toString('utf8'));

  it('serves the bytes of an upload with no token: type, length, strong ETag, caching within the signature, nosniff', async () => {
    const { space, cr, png, text } = await upload();
    expect(png.downloadURL).toMatch(SIGNED_URL);
    expect(claims(png.downloadURL)).toEqual({ s: space.id, r: cr.revision, f: png.id, e: expect.any(Number) });

    const image = await get(local(png.downloadURL));
    expect(image.status).toBe(200);
    expect(image.bytes.equals(PNG)).toBe(true);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-length')).toBe(String(PNG.length));
    expect(image.headers.get('etag')).toBe(`"${sha256(PNG)}"`);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toBe(`inline; filename="chart.png"; filename*=UTF-8''chart.png`);
    expect(image.headers.get('referrer-policy')).toBe('no-referrer');
    const caching = /^public, max-age=(\d+), must-revalidate, immutable$/.exec(image.headers.get('cache-control') ?? '');
    expect(caching).not.toBeNull();
    // No cache keeps the bytes past the signature: max-age is what the URL has left.
    const maxAge = Number(caching![1]);
    expect(maxAge).toBeGreaterThanOrEqual(TTL_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(2 * TTL_SECONDS);
    expect(Math.abs(claims(png.downloadURL).e - clock.now().getTime() / 1000 - maxAge)).toBeLessThan(5);

    const attachment = await get(local(text.downloadURL));
    expect(attachment.status).toBe(200);
    expect(attachment.bytes.equals(TEXT)).toBe(true);
    expect(attachment.headers.get('content-type')).toBe('text/plain');
    expect(attachment.headers.get('content-length')).toBe(String(TEXT.length));
    expect(attachment.headers.get('etag')).toBe(`"${sha256(TEXT)}"`);
    expect(attachment.headers.get('content-disposition')).toBe(
      `attachment; filename="report _final_ x_1_.txt"; filename*=UTF-8''report%20%22final%22%3B%20x%3D1%0D%0A.txt`,
    );
    expect(attachment.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('answers 304 without a body when If-None-Match names the file, and still checks the signature first', async () => {
    const { png } = await upload();
    const etag = `"${sha256(PNG)}"`;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(local(png.downloadURL), { 'if-none-match': ifNoneMatch });
      expect({ ifNoneMatch, status: res.status, length: res.bytes.length }).toEqual({ ifNoneMatch, status: 304, length: 0 });
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+, must-revalidate, immutable$/);
    }
    const changed = await get(local(png.downloadURL), { 'if-none-match': `"${sha256(TEXT)}"` });
    expect(changed.status).toBe(200);
    expect(changed.bytes.equals(PNG)).toBe(true);
    const forged = local(png.downloadURL).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expectError(await get(forged, { 'if-none-match': etag }), 403, /signature/);
  });

  it('answers 403 with the error body for a tampered, forged or malformed URL, the same whether the file exists or not', async () => {
    const { space, cr, png, text } = await upload();
    const url = local(png.downloadURL);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const [version, payload, signature] = token(url).split('.') as [string, string, string];
    const reencoded = (changes: object) => Buffer.from(JSON.stringify({ ...claims(url), ...changes })).toString('base64url');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const cases: [string, RegExp][] = [
      [`${version}.${reencoded({ f: text.id })}.${signature}`, /signature/], // another file of the same revision
      [`${version}.${reencoded({ f: 'nosuchfile' })}.${signature}`, /signature/], // a file that does not exist
      [`${version}.${reencoded({ r: 'nosuchrevision' })}.${signature}`, /signature/],
      [`${version}.${reencoded({ s: 'anotherspace' })}.${signature}`, /signature/],
      [`${version}.${reencoded({ e: claims(url).e + 86_400 })}.${signature}`, /signature/],
      [`${version}.${payload}.${flip(signature, 7)}`, /signature/],
      [`${version}.${flip(payload, 3)}.${signature}`, /signature|malformed/],
      [`${version}.${payload}.${token(text.downloadURL).split('.')[2]}`, /signature/],
      ['not-a-token', /malformed/],
      [`v2.${payload}.${signature}`, /malformed/],
      [`${token(url)}.extra`, /malformed/],
    ];
    for (const [candidate, message] of cases) {
      const res = await get(`${base}${candidate}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectError(res, 403, message);
      expectDocumentedAnswer(schemas, 'GET', SIGNED, res);
    }
    // A PDF link of the same space is no file link, although signed with the same key.
    const pdf = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/pdf`)).body.url;
    expectError(await get(`${base}${token(pdf)}`), 403, /signature/);
    // A bearer token grants nothing more: the signature decides.
    expectError(await get(`${base}${flip(token(url), 40)}`, { authorization: `Bearer ${cast.token('admin')}` }), 403);
    expect((await get(url)).status).toBe(200);
  });

  it('expires by the platform clock (403), and a URL asked for then serves again', async () => {
    const { space, png } = await upload();
    const url = local(png.downloadURL);
    const left = claims(url).e * 1000 - clock.now().getTime();
    clock.advance(left - 60_000);
    try {
      expect((await get(url)).status).toBe(200);
      clock.advance(61_000);
      const expired = await get(url, { 'if-none-match': `"${sha256(PNG)}"` });
      expectError(expired, 403, /expired/);
      expectDocumentedAnswer(schemas, 'GET', SIGNED, expired);
      const fresh = (await app.get(`${spacePath(space.id)}/revisions/${claims(url).r}/files/${png.id}`)).body.downloadURL;
      expect(fresh).not.toBe(png.downloadURL);
      expect((await get(local(fresh))).bytes.equals(PNG)).toBe(true);
    } finally {
      clock.advance(-left - 1000);
    }
  });

  it('is the downloadURL of every file answer (change request, revision, live), each serving the bytes without a token', async () => {
    const { space, cr, png } = await upload();
    const answers: [string, any[]][] = [];
    const listed = await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/files`);
    answers.push(['listFilesInChangeRequestById', listed.body.items]);
    answers.push([
      'getFileInChangeRequestById',
      [(await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/files/${png.id}`)).body],
    ]);
    answers.push(['getRevisionById', (await app.get(`${spacePath(space.id)}/revisions/${cr.revision}`)).body.files]);
    answers.push(['listFilesInRevisionById', (await app.get(`${spacePath(space.id)}/revisions/${cr.revision}/files`)).body.items]);
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`)).status).toBe(200);
    answers.push(['listFiles', (await app.get(`${spacePath(space.id)}/content/files`)).body.items]);
    answers.push(['getFileById', [(await app.get(`${spacePath(space.id)}/content/files/${png.id}`)).body]]);
    for (const [operation, files] of answers) {
      expect({ operation, count: files.length }).toEqual({
        operation,
        count: operation.startsWith('get') && !operation.includes('Revision') ? 1 : 2,
      });
      for (const file of files) {
        expect({ operation, url: file.downloadURL }).toEqual({ operation, url: expect.stringMatching(SIGNED_URL) });
        const res = await get(local(file.downloadURL));
        expect({ operation, status: res.status, size: res.bytes.length }).toEqual({ operation, status: 200, size: file.size });
      }
    }
  });

  it('keeps the token-authenticated route for API clients: 401 without a token, the bytes and a private cache with one', async () => {
    const { space, cr, png } = await upload();
    const path = `${spacePath(space.id)}/revisions/${cr.revision}/files/${png.id}/download`;
    expectError(await get(`${app.url}${path}`), 401);
    const res = await get(`${app.url}${path}`, { authorization: `Bearer ${cast.token('reader')}` });
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PNG)).toBe(true);
    expect(res.headers.get('etag')).toBe(`"${sha256(PNG)}"`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const again = await get(`${app.url}${path}`, {
      authorization: `Bearer ${cast.token('reader')}`,
      'if-none-match': res.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expectError(await get(`${app.url}${path}`, { authorization: `Bearer ${cast.token('outsider')}` }), 404);
  });

  it('never answers 5xx to random tokens and paths: 403 or 404 (414 past the length limit), with the error body (property)', async () => {
    const { png } = await upload();
    const good = token(png.downloadURL);
    const segment = fc.oneof(
      fc.string({ maxLength: 80 }).map(encodeURIComponent),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
      fc.stringMatching(/^[A-Za-z0-9_.~-]{1,120}$/),
      fc.tuple(fc.nat(good.length - 1), fc.stringMatching(/^[A-Za-z0-9_-]$/)).map(([i, c]) => good.slice(0, i) + c + good.slice(i + 1)),
      fc.json({ maxDepth: 3 }).map((json) => `v1.${Buffer.from(json).toString('base64url')}.${good.split('.')[2]}`),
    );
    const path = fc.oneof(
      segment.map((s) => `/v1/files/${s}`),
      fc.tuple(segment, segment).map(([a, b]) => `/v1/files/${a}/${b}`),
    );
    // The router ignores a trailing slash: `/v1/files/<good>/` is the good URL, not a random one.
    const isGood = (candidate: string) => candidate.replace(/\/$/, '') === `/v1/files/${good}`;
    // A path parameter longer than the router takes is 414 before any handler sees it.
    const tooLong = (candidate: string) => candidate.split('/').some((s) => s.length > MAX_PATH_PARAMETER_LENGTH);
    await fc.assert(
      fc.asyncProperty(path, async (candidate) => {
        fc.pre(!isGood(candidate));
        const res = await get(`${app.url}${candidate}`);
        const expected = tooLong(candidate) ? [403, 404, 414] : [403, 404];
        expect({ candidate, expected: expected.includes(res.status), body: res.body }).toEqual({
          candidate,
          expected: true,
          body: { error: { code: res.status, message: expect.any(String) } },
        });
      }),
      { numRuns: 150 },
    );
  });
});
