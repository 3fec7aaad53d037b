import { strToU8, zipSync } from 'fflate';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { watchingHealth } from '../support/responsiveness';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';

/** POSTs a zip archive as it is. */
async function upload(app: TestApp, path: string, bytes: Uint8Array) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip', authorization: `Bearer ${OWNER_TOKEN}` },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const pages = (count: number) =>
  zipSync(Object.fromEntries(Array.from({ length: count }, (_, i) => [`docs/page-${i}.md`, strToU8(`# Page ${i}\n\nText ${i}.\n`)])));

/**
 * Hostile archives (DESIGN.md, "Bounded work"): each is refused with a 400 naming the cap it
 * passes, and the largest archive within the caps is imported, while `/health` keeps answering
 * (the archive is read in a work thread; the server's loop is never held past the bound).
 */
describe('importing hostile archives keeps the server answering', () => {
  let app: TestApp;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await contentCast(app, 'archive-bounds');
  });

  it('refuses an archive inflating to 190 MiB of zeros (ten entries just under the entry cap)', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const zeros = new Uint8Array(19 * 1024 * 1024);
    const bomb = zipSync(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`docs/zeros-${i}.md`, zeros])));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const watched = await watchingHealth(app.url, () => upload(app, `${spacePath(space.id)}/content/archive`, bomb));
    expectError(watched.result, 400, /^archive: page "zeros-\d": its markdown has 19 MiB; a page holds at most 1 MiB/);
    expect(watched.polls).toBeGreaterThan(0);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    expect((await app.get(`${spacePath(space.id)}/content/pages`)).body.pages).toEqual([]);
  });

  it('refuses an archive of more pages than an import creates, naming the cap', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const watched = await watchingHealth(app.url, () => upload(app, `${spacePath(space.id)}/content/archive`, pages(2500)));
    expectError(watched.result, 400, /2000 pages/);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
  });

  it('imports the most pages an archive may create (2,000), the server answering throughout', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const watched = await watchingHealth(app.url, () => upload(app, `${spacePath(space.id)}/content/archive`, pages(2000)));
    expect(watched.result.status).toBe(201);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    const listed = await app.get(`${spacePath(space.id)}/content/pages`);
    expect(listed.body.pages).toHaveLength(2000);
  });
});
