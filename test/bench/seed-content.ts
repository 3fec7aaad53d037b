/**
 * The content context's bench data, seeded over HTTP from the bench process, as a client would:
 * a space of `sections` top-level pages with `childrenPerSection` children each (1,000 pages by
 * default), every page with a markdown body of about 2 KB, written in one change request (batches
 * of 50 changes, the API's maximum) and merged. Then the change requests the runs need: one per
 * page-edit connection (no edit yet), and one-page change requests for the merge run.
 */

export interface SeededContent {
  organizationId: string;
  spaceId: string;
  /** An organization admin's token (user 0): it administers the space. */
  token: string;
  /** Every page: the sections first, then their children in order. */
  pages: { id: string; title: string }[];
  sections: number;
  /** Wall time of the seed (space, pages, merge), seconds. */
  seconds: number;
}

/** A change request prepared for a run: the page it edits and its revision when prepared. */
export interface PreparedChangeRequest {
  id: string;
  pageId: string;
  title: string;
  revision: string;
  /** The page's markdown in the change request, when it was edited while preparing. */
  markdown?: string;
}

export interface ContentSeedOptions {
  sections: number;
  childrenPerSection: number;
}

const BATCH = 50;

async function call(url: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body: parsed };
}

async function expect(url: string, method: string, path: string, token: string, status: number, body?: unknown): Promise<any> {
  const answer = await call(url, method, path, token, body);
  if (answer.status !== status)
    throw new Error(`${method} ${path} answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
}

const WORDS = (
  'the page space revision change request merge content section guide reference api token user ' +
  'organization member team build deploy configure install release version field value example ' +
  'request response error retry limit cache index query search list update create delete read write'
).split(' ');

/** A deterministic paragraph of `count` words (a small LCG seeded by `seed`). */
function paragraph(seed: number, count: number): string {
  let x = (seed * 2654435761 + 12345) >>> 0;
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    words.push(WORDS[x % WORDS.length]!);
  }
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/**
 * A page body of about 2 KB: a heading, paragraphs, a list, a code block and a table, different
 * for every `n` (bodies are content-addressed, identical ones would be stored once).
 */
export function pageMarkdown(title: string, n: number): string {
  return [
    `# ${title}`,
    '',
    paragraph(n, 65),
    '',
    '## Overview',
    '',
    paragraph(n + 1, 75),
    '',
    `- Step one: ${paragraph(n + 2, 12)}`,
    `- Step two: ${paragraph(n + 3, 12)}`,
    `- Step three: ${paragraph(n + 4, 12)}`,
    '',
    '```ts',
    `const page${n} = await client.spaces.getPageById(spaceId, '${title.replace(/'/g, '')}');`,
    `console.log(page${n}.title, page${n}.path);`,
    '```',
    '',
    '| field | value |',
    '|:--|:--|',
    `| id | ${n} |`,
    `| title | ${title} |`,
    '',
    '## Details',
    '',
    paragraph(n + 5, 70),
    '',
  ].join('\n');
}

/**
 * Creates an empty space in the organization, fills a change request with the pages (sections
 * first, in one batch of 50, then their children, `into` their section, 50 per call) and merges it.
 */
export async function seedContent(url: string, organizationId: string, token: string, options: ContentSeedOptions): Promise<SeededContent> {
  const started = Date.now();
  const space = await expect(url, 'POST', `/v1/orgs/${organizationId}/spaces`, token, 201, { title: 'Bench Content', empty: true });
  const spaceId: string = space.id;
  const cr = await expect(url, 'POST', `/v1/spaces/${spaceId}/change-requests`, token, 201, { subject: 'Bench content seed' });
  const crPath = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;

  type Insert = { ref: string; title: string; into?: string; n: number };
  const insert = async (batch: Insert[]): Promise<Map<string, string>> => {
    const changes = batch.map((p) => ({
      operation: 'insert_page',
      ref: p.ref,
      title: p.title,
      ...(p.into ? { into: p.into } : {}),
      document: { markdown: pageMarkdown(p.title, p.n) },
    }));
    const answer = await expect(url, 'POST', `${crPath}/content?compat=false`, token, 200, { changes });
    const ids = new Map<string, string>();
    for (const change of answer.changes as { object: string; ref?: string; page: { id: string } }[]) {
      if (change.object === 'created_page' && change.ref !== undefined) ids.set(change.ref, change.page.id);
    }
    for (const p of batch) if (!ids.has(p.ref)) throw new Error(`the content answer does not list the page created for ${p.ref}`);
    return ids;
  };

  const pages: SeededContent['pages'] = [];
  let n = 0;
  const sections: Insert[] = Array.from({ length: options.sections }, (_, s) => ({ ref: `s${s}`, title: `Section ${s + 1}`, n: n++ }));
  const sectionIds: string[] = [];
  for (let start = 0; start < sections.length; start += BATCH) {
    const batch = sections.slice(start, start + BATCH);
    const ids = await insert(batch);
    for (const p of batch) {
      sectionIds.push(ids.get(p.ref)!);
      pages.push({ id: ids.get(p.ref)!, title: p.title });
    }
  }
  const children: Insert[] = [];
  for (let s = 0; s < options.sections; s++) {
    for (let c = 0; c < options.childrenPerSection; c++)
      children.push({ ref: `p${s}-${c}`, title: `Page ${s + 1}.${c + 1}`, into: sectionIds[s]!, n: n++ });
  }
  for (let start = 0; start < children.length; start += BATCH) {
    const batch = children.slice(start, start + BATCH);
    const ids = await insert(batch);
    for (const p of batch) pages.push({ id: ids.get(p.ref)!, title: p.title });
  }
  const merged = await expect(url, 'POST', `${crPath}/merge`, token, 200);
  if (merged.result !== 'merge') throw new Error(`the seed merge answered ${JSON.stringify(merged)}`);

  // The live content holds every page, with its body.
  const last = pages[pages.length - 1]!;
  const page = await expect(url, 'GET', `/v1/spaces/${spaceId}/content/page/${last.id}?format=markdown`, token, 200);
  if (page.markdown !== pageMarkdown(last.title, n - 1)) throw new Error('the seeded page does not read back with its markdown');

  return { organizationId, spaceId, token, pages, sections: options.sections, seconds: (Date.now() - started) / 1000 };
}

/** Runs `work` over `items` with at most `concurrency` at once, in order of start. */
async function pool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

/**
 * `count` open change requests from the live content, each assigned its own page (spread over
 * the space). With `edited`, each already holds one `update_page` of its page (a new body): ready
 * to merge. Created one after the other (the space hands out their numbers), edited 4 at a time
 * (different change requests).
 */
export async function prepareChangeRequests(
  url: string,
  content: SeededContent,
  count: number,
  options: { edited: boolean; subject: string },
): Promise<PreparedChangeRequest[]> {
  if (count > content.pages.length)
    throw new Error(`${count} change requests need as many distinct pages; the space has ${content.pages.length}`);
  const prepared: PreparedChangeRequest[] = [];
  for (let i = 0; i < count; i++) {
    const page = content.pages[Math.floor((i * content.pages.length) / count)]!;
    const cr = await expect(url, 'POST', `/v1/spaces/${content.spaceId}/change-requests`, content.token, 201, {
      subject: `${options.subject} ${i + 1}`,
    });
    prepared.push({ id: cr.id, pageId: page.id, title: page.title, revision: cr.revision });
  }
  if (!options.edited) return prepared;
  return pool(prepared, 4, async (cr, i) => {
    const markdown = `${pageMarkdown(cr.title, 100_000 + i)}\nMerged by the bench (${i + 1}).\n`;
    const answer = await expect(url, 'POST', `/v1/spaces/${content.spaceId}/change-requests/${cr.id}/content`, content.token, 200, {
      changes: [{ operation: 'update_page', page: cr.pageId, document: { markdown } }],
    });
    return { ...cr, revision: answer.revision as string, markdown };
  });
}

/**
 * diff-100: one open change request touching `touched` pages of the space (at most 1,000, the
 * seeded ones spread over it): 80% get a new body, 10% a new title (and slug), 10% move into
 * another section. Sent in batches of 50 (the API's maximum). Answers the change request's id and
 * how many changes its diff lists.
 */
export async function prepareDiffChangeRequest(
  url: string,
  content: SeededContent,
  touched: number,
): Promise<{ id: string; changes: number }> {
  const cr = await expect(url, 'POST', `/v1/spaces/${content.spaceId}/change-requests`, content.token, 201, {
    subject: `Bench diff of ${touched} pages`,
  });
  const sectionIds = content.pages.slice(0, content.sections).map((p) => p.id);
  const children = content.pages.slice(content.sections);
  const perSection = children.length / content.sections;
  const changes = Array.from({ length: touched }, (_, i) => {
    const child = Math.floor((i * children.length) / touched);
    const page = children[child]!;
    if (i % 10 === 8) return { operation: 'update_page', page: page.id, title: `${page.title} (renamed)`, slug: `renamed-${i}` };
    // Into the next section (children are seeded section by section).
    if (i % 10 === 9)
      return { operation: 'update_page', page: page.id, into: sectionIds[(Math.floor(child / perSection) + 1) % content.sections] };
    return {
      operation: 'update_page',
      page: page.id,
      document: { markdown: `${pageMarkdown(page.title, 300_000 + i)}\nEdited for the diff bench.\n` },
    };
  });
  for (let start = 0; start < changes.length; start += BATCH)
    await expect(url, 'POST', `/v1/spaces/${content.spaceId}/change-requests/${cr.id}/content`, content.token, 200, {
      changes: changes.slice(start, start + BATCH),
    });
  return { id: cr.id as string, changes: touched };
}

/** site-page: the published site showing the seeded space, and the URL path of each of its pages. */
export interface SeededSite {
  siteId: string;
  /** The site's URL path (`/sites/<organization>/<site>`). */
  base: string;
  /** Every page's URL path on the site, in the space's page order. */
  paths: string[];
}

/**
 * Creates a site showing the seeded space and publishes it (as a reader would find it at its
 * `urls.published`); each page's site path is read from the space's live content.
 */
export async function publishSite(url: string, content: SeededContent): Promise<SeededSite> {
  const sites = `/v1/orgs/${content.organizationId}/sites`;
  const site = await expect(url, 'POST', sites, content.token, 201, { title: 'Bench site', spaces: [content.spaceId] });
  const published = await expect(url, 'POST', `${sites}/${site.id}/publish`, content.token, 200);
  const base = new URL(published.urls.published as string).pathname;
  const live = await expect(url, 'GET', `/v1/spaces/${content.spaceId}/content`, content.token, 200);
  const pathOf = new Map<string, string>();
  const walk = (pages: { id: string; path: string; pages?: unknown[] }[]) => {
    for (const page of pages) {
      pathOf.set(page.id, page.path);
      walk((page.pages ?? []) as typeof pages);
    }
  };
  walk(live.pages);
  const paths = content.pages.map((page) => {
    const path = pathOf.get(page.id);
    if (path === undefined) throw new Error(`the live content does not list the seeded page ${page.id}`);
    return `${base}/${path.split('/').map(encodeURIComponent).join('/')}`;
  });
  return { siteId: site.id as string, base, paths };
}
