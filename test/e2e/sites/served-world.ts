import { request } from 'node:http';
import { load, CheerioAPI } from 'cheerio';
import { createSpace, spacePath } from '../support/content-world';
import { TestApp } from '../support/test-app';
import { sitePath } from './site-world';

/** A page to write: its title and markdown, under the page written before it at `under` (an index into the list). */
export interface PageSpec {
  title: string;
  markdown: string;
  under?: number;
  description?: string;
}

/** A reader's answer: status, headers (lower-case names) and body text. */
export interface ReaderAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as HTML. */
  $: CheerioAPI;
}

/** Writes `edits` to the space's live content through a change request, merged. */
export async function mergeEdits(app: TestApp, spaceId: string, changes: object[]): Promise<any[]> {
  const cr = (await app.post(`${spacePath(spaceId)}/change-requests`, { subject: 'Edit' })).body;
  const edited = await app.post(`${spacePath(spaceId)}/change-requests/${cr.id}/content?compat=false`, { changes });
  if (edited.status !== 200) throw new Error(`could not edit: ${edited.status} ${JSON.stringify(edited.body)}`);
  const merged = await app.post(`${spacePath(spaceId)}/change-requests/${cr.id}/merge`, undefined);
  if (merged.status !== 200) throw new Error(`could not merge: ${merged.status} ${JSON.stringify(merged.body)}`);
  return edited.body.changes;
}

/** An empty space with these pages in its live content (one change request per page, so each may go under an earlier one); the page ids. */
export async function spaceWithPages(
  app: TestApp,
  organizationId: string,
  title: string,
  pages: PageSpec[],
): Promise<{ space: any; ids: string[] }> {
  const space = await createSpace(app, organizationId, { title, empty: true });
  const ids: string[] = [];
  for (const page of pages) {
    const [change] = await mergeEdits(app, space.id, [
      {
        operation: 'insert_page',
        title: page.title,
        ...(page.description ? { description: page.description } : {}),
        ...(page.under !== undefined ? { into: ids[page.under] } : {}),
        document: { markdown: page.markdown },
      },
    ]);
    ids.push(change.page.id);
  }
  return { space, ids };
}

/** Publishes the site and answers the path of its `urls.published` (on the test server). */
export async function publishedPath(app: TestApp, organizationId: string, siteId: string): Promise<string> {
  const res = await app.post(`${sitePath(organizationId, siteId)}/publish`);
  if (res.status !== 200) throw new Error(`could not publish: ${res.status} ${JSON.stringify(res.body)}`);
  const url = new URL(res.body.urls.published);
  return url.pathname;
}

/** A GET as an anonymous reader (no token), with the headers given (Host, Cookie, If-None-Match...). */
export function readerGet(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<ReaderAnswer> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, $: load(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `{ error }` body of a reader's refusal. */
export const errorOf = (answer: ReaderAnswer) => JSON.parse(answer.text) as { error: { code: number; message: string } };
