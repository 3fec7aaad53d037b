import autocannon from 'autocannon';
import type { Seeded, SeededTeamOrg } from './seed';
import { pageMarkdown, type PreparedChangeRequest, type SeededContent, type SeededSite } from './seed-content';
import type { LoopFigures } from './ipc';

/** The HTTP runs, in the order of the issues (the report's rows, and what `--only` picks from besides `engine`). */
export const HTTP_RUNS = [
  'get-by-id',
  'list',
  'write',
  'teams-large',
  'teams-small',
  'page-get',
  'page-edit',
  'merge-1000',
  'search',
  'diff-100',
  'site-page',
  'webhooks',
] as const;

export interface HttpFigures {
  name: (typeof HTTP_RUNS)[number];
  /** What was measured, for the table. */
  what: string;
  connections: number;
  seconds: number;
  /** 2xx answers per second (for writes: acknowledged writes, read-your-writes included). */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Slowest answer of the measured run, ms. */
  maxMs: number;
  /** 2xx answers in the measured run (for merge-1000: merges timed). */
  count: number;
  /** Answers other than 2xx, socket errors and timeouts: must be 0. */
  failures: number;
  /**
   * Writes whose answer did not show what that request wrote (read-your-writes broken), or, for page-edit, a page whose markdown does not
   * read back: must be 0.
   */
  staleReads: number;
  peakRssMb: number | null;
  /** p99 of the server process's event-loop delay during the measured run (perf_hooks), ms. */
  eventLoopP99Ms: number | null;
  /** CPU time (user + system, all threads) of the server process per 2xx answer of the measured run, µs. */
  cpuUsPerRequest: number | null;
}

export interface HttpRun {
  name: HttpFigures['name'];
  what: string;
  url: string;
  connections: number;
  /** Gives each connection its request (pinned per connection: org, token, body). */
  request: (connection: number) => ConnectionRequest;
  /** After the measured run: checks what the run wrote reads back; answers the number of mismatches (counted as stale reads). */
  verify?: () => Promise<number>;
  /**
   * Read runs: the real route's Fastify pattern and every distinct request the run sends. The
   * bench captures what the real server answers to each and the two baselines serve those bytes
   * (baselines.ts).
   */
  read?: { route: string; requests: () => ReadRequest[] };
}

/** One request a read run sends (path with its query, as sent), with the token it is sent with. */
export interface ReadRequest {
  path: string;
  token?: string;
}

export interface ConnectionRequest {
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  /** Called before each request: the path of that request (reads rotating over many documents); `path` is the first. */
  nextPath?: () => string;
  token?: string;
  /** Called before each request: returns the body to send (writes). */
  body?: () => unknown;
  /** Checks the answer; false counts as a stale read. */
  check?: (status: number, body: string) => boolean;
}

type Client = { setRequests(requests: unknown[]): void };

async function cannon(run: HttpRun, seconds: number): Promise<{ result: autocannon.Result; stale: number }> {
  let connection = 0;
  let stale = 0;
  const result = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    setupClient: (client: Client) => {
      const spec = run.request(connection++);
      const headers: Record<string, string> = spec.token ? { authorization: `Bearer ${spec.token}` } : {};
      if (spec.body) headers['content-type'] = 'application/json';
      client.setRequests([
        {
          method: spec.method,
          path: spec.path,
          headers,
          ...(spec.body || spec.nextPath
            ? {
                setupRequest: (request: Record<string, unknown>) => {
                  if (spec.nextPath) request.path = spec.nextPath();
                  if (spec.body) request.body = JSON.stringify(spec.body());
                  return request;
                },
              }
            : {}),
          ...(spec.check
            ? {
                onResponse: (status: number, body: string) => {
                  if (status < 300 && !spec.check!(status, body)) stale++;
                },
              }
            : {}),
        },
      ]);
    },
  } as autocannon.Options);
  return { result, stale };
}

/** Starts a measurement in the server process; the returned stop() answers the event-loop delay p99 (ms). */
export type EventLoopProbe = () => Promise<() => Promise<LoopFigures>>;

/** A short warm-up (JIT, caches, connections), then the measured run. */
export async function measure(
  run: HttpRun,
  seconds: number,
  warmupSeconds: number,
  rss: () => () => number | null,
  eventLoop: EventLoopProbe,
): Promise<HttpFigures> {
  if (warmupSeconds > 0) await cannon(run, warmupSeconds);
  const stop = rss();
  const stopLoop = await eventLoop();
  const { result, stale } = await cannon(run, seconds);
  const { p99Ms: eventLoopP99Ms, cpuUs } = await stopLoop();
  const peakRssMb = stop();
  const unreadable = run.verify ? await run.verify() : 0;
  const ok = result['2xx'];
  return {
    name: run.name,
    what: run.what,
    connections: run.connections,
    seconds: result.duration,
    rps: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    count: ok,
    failures: result.non2xx + result.errors + result.timeouts,
    staleReads: stale + unreadable,
    peakRssMb,
    eventLoopP99Ms,
    cpuUsPerRequest: cpuUs !== null && ok > 0 ? cpuUs / ok : null,
  };
}

/** (1) GET /v1/orgs/{id}: connection i reads org i mod 20 with user i's token (a member of it). */
export function getById(url: string, seeded: Seeded, connections: number): HttpRun {
  const readers = seeded.invites ? seeded.users : [seeded.users[0]!];
  return {
    name: 'get-by-id',
    what: 'GET /v1/orgs/{id}',
    url,
    connections,
    request: (i) => ({
      method: 'GET',
      path: `/v1/orgs/${seeded.orgs[i % seeded.orgs.length]!.id}`,
      token: readers[i % readers.length]!.token,
    }),
    read: {
      route: '/v1/orgs/:organizationId',
      requests: () =>
        perConnection(connections, (i) => ({
          path: `/v1/orgs/${seeded.orgs[i % seeded.orgs.length]!.id}`,
          token: readers[i % readers.length]!.token,
        })),
    },
  };
}

/** The requests of connections 0 to n-1 (runs that pin one request per connection). */
function perConnection(connections: number, request: (connection: number) => ReadRequest): ReadRequest[] {
  return Array.from({ length: connections }, (_, i) => request(i));
}

/**
 * (2) the member search: a filtered page of 50 of an organization's 200 members (111 match), with
 * its count; when the members route is missing, the caller's orgs.
 */
export function list(url: string, seeded: Seeded, connections: number): HttpRun {
  if (seeded.membersRoute) {
    const member = (i: number): ReadRequest => ({
      path: `/v1/orgs/${seeded.orgs[i % seeded.orgs.length]!.id}/members?limit=50&search=user-1`,
      token: seeded.orgs[i % seeded.orgs.length]!.adminToken,
    });
    return {
      name: 'list',
      what: 'GET /v1/orgs/{id}/members?limit=50&search=user-1',
      url,
      connections,
      request: (i) => ({ method: 'GET', ...member(i) }),
      read: { route: '/v1/orgs/:organizationId/members', requests: () => perConnection(connections, member) },
    };
  }
  const mine: ReadRequest = { path: '/v1/orgs?limit=50', token: seeded.users[0]!.token };
  return {
    name: 'list',
    what: 'GET /v1/orgs?limit=50 (members by userId)',
    url,
    connections,
    request: () => ({ method: 'GET', ...mine }),
    read: { route: '/v1/orgs', requests: () => [mine] },
  };
}

/**
 * (3) PATCH /v1/orgs/{id} with a new title. Connection i writes org i mod 20, one request at a time,
 * so each answer must show exactly the title it wrote (read your writes); a mismatch is counted.
 */
export function write(url: string, seeded: Seeded, connections: number): HttpRun {
  let sequence = 0;
  return {
    name: 'write',
    what: 'PATCH /v1/orgs/{id} title (read-your-writes)',
    url,
    connections,
    request: (i) => {
      const org = seeded.orgs[i % seeded.orgs.length]!;
      let sent = '';
      return {
        method: 'PATCH',
        path: `/v1/orgs/${org.id}`,
        token: org.adminToken,
        body: () => ({ title: (sent = `Bench title ${i}-${++sequence}`) }),
        check: (_status, body) => (JSON.parse(body) as { title?: string }).title === sent,
      };
    },
  };
}

/**
 * (5) GET /v1/orgs/{id}/teams?limit=50 on an organization with many teams (`teams-large`) or few
 * (`teams-small`), by its admin: a list must cost the same page, however long the list.
 */
export function teams(url: string, seeded: Seeded, org: SeededTeamOrg, name: 'teams-large' | 'teams-small', connections: number): HttpRun {
  const page: ReadRequest = { path: `/v1/orgs/${org.id}/teams?limit=50`, token: seeded.users[0]!.token };
  return {
    name,
    what: `GET /v1/orgs/{id}/teams?limit=50, ${org.teams} teams`,
    url,
    connections,
    request: () => ({ method: 'GET', ...page }),
    read: { route: '/v1/orgs/:organizationId/teams', requests: () => [page] },
  };
}

const CONTENT_PAGE = (content: SeededContent, pageId: string) => `/v1/spaces/${content.spaceId}/content/page/${pageId}?format=markdown`;

/**
 * (7) GET a page of the live content as markdown, by the space's admin, the requests taking the
 * space's pages in turn (1,000: sections answer with their children, each page with ~2 KB of
 * markdown). Its ratio to the bare-NestJS baseline serving those pages is the figure (target >= 0.7).
 */
export function pageGet(url: string, content: SeededContent, connections: number): HttpRun {
  let next = 0;
  const path = () => CONTENT_PAGE(content, content.pages[next++ % content.pages.length]!.id);
  return {
    name: 'page-get',
    what: `GET /v1/spaces/{id}/content/page/{pageId}?format=markdown, ${content.pages.length} pages in turn`,
    url,
    connections,
    request: () => ({ method: 'GET', path: path(), nextPath: path, token: content.token }),
    read: {
      route: '/v1/spaces/:spaceId/content/page/:pageId',
      requests: () => content.pages.map((page) => ({ path: CONTENT_PAGE(content, page.id), token: content.token })),
    },
  };
}

/**
 * `site-page` (issue #26): GET a page of the published 1,000-page site as an anonymous reader (no
 * token), the requests taking the site's pages in turn: server-rendered HTML with the site's
 * navigation (the top level and the current page's branch), the body rendered from markdown (answers kept by ETag),
 * previous / next. Its ratio to bare Fastify serving those bytes is the figure (target >= 0.6).
 */
export function sitePage(url: string, site: SeededSite, connections: number): HttpRun {
  let next = 0;
  const path = () => site.paths[next++ % site.paths.length]!;
  return {
    name: 'site-page',
    what: `GET <site>/<page path>, anonymous reader, ${site.paths.length} pages of a published site in turn`,
    url,
    connections,
    request: () => ({ method: 'GET', path: path(), nextPath: path }),
    read: { route: '/sites/:organizationId/:name/*', requests: () => site.paths.map((p) => ({ path: p })) },
  };
}

/**
 * (10) GET /v1/spaces/{id}/search over the 1,000-page space, by its admin, the queries taken in
 * turn. The seeded pages draw every paragraph from the same 48 words, so each query matches most
 * of the ~5,000 sections: the worst case of the ranking (every match scored, the best 1,000
 * grouped), not a selective lookup. Two queries name a page title word (`Section`, a number).
 */
export const SEARCH_QUERIES = ['deploy configure', 'cache index', 'release version example', 'section 7', 'retry limit error', 'token'];

export function search(url: string, content: SeededContent, connections: number): HttpRun {
  let next = 0;
  const pathOf = (query: string) => `/v1/spaces/${content.spaceId}/search?query=${encodeURIComponent(query)}&limit=10`;
  const path = () => pathOf(SEARCH_QUERIES[next++ % SEARCH_QUERIES.length]!);
  return {
    name: 'search',
    what: `GET /v1/spaces/{id}/search?limit=10, ${SEARCH_QUERIES.length} queries in turn over ${content.pages.length} pages`,
    url,
    connections,
    request: () => ({
      method: 'GET',
      path: path(),
      nextPath: path,
      token: content.token,
      check: (status, body) => status === 200 && body.includes('"sections"'),
    }),
    read: {
      route: '/v1/spaces/:spaceId/search',
      requests: () => SEARCH_QUERIES.map((query) => ({ path: pathOf(query), token: content.token })),
    },
  };
}

/**
 * (11) `diff-100`: GET /v1/spaces/{id}/change-requests/{id}/changes?limit=100 on a change request
 * touching 100 of the 1,000 pages (bodies, titles, moves), by the space's admin, 10 connections.
 * Every answer must list all of its changes (100, no `more`), else a stale read. The changes come
 * from the two revisions' trees (chunks compared by hash, bodies never read).
 */
export function diffChanges(
  url: string,
  content: SeededContent,
  changeRequest: { id: string; changes: number },
  connections: number,
): HttpRun {
  return {
    name: 'diff-100',
    what: `GET /v1/spaces/{id}/change-requests/{id}/changes?limit=100, ${changeRequest.changes} of ${content.pages.length} pages touched`,
    url,
    connections,
    request: () => ({
      method: 'GET',
      path: `/v1/spaces/${content.spaceId}/change-requests/${changeRequest.id}/changes?limit=100`,
      token: content.token,
      check: (status, body) => {
        const answer = JSON.parse(body) as { changes?: unknown[]; more?: number };
        return status === 200 && answer.changes?.length === changeRequest.changes && answer.more === undefined;
      },
    }),
  };
}

/**
 * (8) POST /v1/spaces/{id}/change-requests/{id}/content?compat=false with one update_page (a new
 * ~2 KB body for the change request's page). Each connection edits its own change request (two
 * editors of one change request are refused with 409 by design); the warm-up takes the first
 * `connections` of `changeRequests`, the measured run the next ones, so an edit the warm-up left
 * in flight cannot collide with the measured run. The answer comes after the read-your-writes wait:
 * it must show a new revision of the change request and name the page, else a stale read. After
 * the run, every edited page is read back from its change request and must show the markdown of
 * the last acknowledged edit (or of the one in flight when the run stopped).
 */
export function pageEdit(url: string, content: SeededContent, changeRequests: PreparedChangeRequest[], connections: number): HttpRun {
  const editors = changeRequests.map((cr, k) => ({
    cr,
    base: pageMarkdown(cr.title, 200_000 + k),
    sequence: 0,
    revision: cr.revision,
    sent: null as string | null,
    acked: null as string | null,
  }));
  let setups = 0;
  return {
    name: 'page-edit',
    what:
      'POST /v1/spaces/{id}/change-requests/{id}/content, one update_page (~2 KB), own change request per ' +
      'connection (read-your-writes)',
    url,
    connections,
    request: () => {
      const editor = editors[setups++ % editors.length]!;
      const { cr } = editor;
      return {
        method: 'POST',
        path: `/v1/spaces/${content.spaceId}/change-requests/${cr.id}/content?compat=false`,
        token: content.token,
        body: () => ({
          changes: [
            {
              operation: 'update_page',
              page: cr.pageId,
              document: { markdown: (editor.sent = `${editor.base}\nEdit ${++editor.sequence}.\n`) },
            },
          ],
        }),
        check: (_status, body) => {
          const answer = JSON.parse(body) as {
            changeRequest?: { revision?: string };
            changes?: { object?: string; page?: { id?: string } }[];
          };
          const revision = answer.changeRequest?.revision;
          const fresh =
            revision !== undefined &&
            revision !== editor.revision &&
            answer.changes?.[0]?.object === 'updated_page' &&
            answer.changes[0].page?.id === cr.pageId;
          if (revision !== undefined) editor.revision = revision;
          editor.acked = editor.sent;
          return fresh;
        },
      };
    },
    verify: async () => {
      let mismatches = 0;
      for (const editor of editors) {
        if (editor.acked === null) continue;
        const { cr } = editor;
        const response = await fetch(
          `${url}/v1/spaces/${content.spaceId}/change-requests/${cr.id}/content/page/${cr.pageId}?format=markdown`,
          {
            headers: { authorization: `Bearer ${content.token}` },
          },
        );
        const markdown = await markdownOf(response);
        if (markdown !== editor.acked && markdown !== editor.sent) mismatches++;
      }
      return mismatches;
    },
  };
}

/** The `markdown` of a page answer; undefined for anything but a 2xx page. */
async function markdownOf(response: Response): Promise<string | undefined> {
  const text = await response.text();
  return response.ok ? (JSON.parse(text) as { markdown?: string }).markdown : undefined;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms2 = (n: number) => Math.round(n * 100) / 100;

/**
 * (9) `merge-1000`: merges prepared one-page change requests into the live content one at a time
 * (one connection, each merge sent when the previous one answered): the first `warmup` untimed,
 * then every other one timed from the request to the end of its answer. A merge answers after the
 * read-your-writes wait, so after each timed merge (outside its timing) the bench reads the page
 * from the live content and checks it shows the change request's markdown (else a stale read).
 * `seconds` is the sum of the timed merges, `rps` merges per second of it.
 */
export async function measureMerges(
  url: string,
  content: SeededContent,
  changeRequests: PreparedChangeRequest[],
  warmup: number,
  rss: () => () => number | null,
  eventLoop: EventLoopProbe,
): Promise<HttpFigures> {
  const headers = { authorization: `Bearer ${content.token}` };
  const merge = async (cr: PreparedChangeRequest): Promise<{ ok: boolean; ms: number }> => {
    const started = process.hrtime.bigint();
    try {
      const response = await fetch(`${url}/v1/spaces/${content.spaceId}/change-requests/${cr.id}/merge`, { method: 'POST', headers });
      const answer = await response.text();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return { ok: response.ok && (JSON.parse(answer) as { result?: string }).result === 'merge', ms };
    } catch {
      return { ok: false, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    }
  };
  for (const cr of changeRequests.slice(0, warmup)) await merge(cr);
  const stop = rss();
  const stopLoop = await eventLoop();
  const timings: number[] = [];
  let failures = 0;
  let stale = 0;
  for (const cr of changeRequests.slice(warmup)) {
    const { ok, ms } = await merge(cr);
    if (!ok) {
      failures++;
      continue;
    }
    timings.push(ms);
    const read = await fetch(`${url}${CONTENT_PAGE(content, cr.pageId)}`, { headers });
    if ((await markdownOf(read)) !== cr.markdown) stale++;
  }
  const { p99Ms: eventLoopP99Ms, cpuUs } = await stopLoop();
  const peakRssMb = stop();
  const sorted = [...timings].sort((a, b) => a - b);
  const seconds = timings.reduce((sum, t) => sum + t, 0) / 1000;
  return {
    name: 'merge-1000',
    what: `POST /v1/spaces/{id}/change-requests/{id}/merge, one update_page each, into ${content.pages.length} pages, one at a time`,
    connections: 1,
    seconds: ms2(seconds),
    rps: seconds > 0 ? timings.length / seconds : 0,
    p50Ms: ms2(percentile(sorted, 50)),
    p99Ms: ms2(percentile(sorted, 99)),
    maxMs: ms2(sorted[sorted.length - 1] ?? NaN),
    count: timings.length,
    failures,
    staleReads: stale,
    peakRssMb,
    eventLoopP99Ms,
    cpuUsPerRequest: cpuUs !== null && timings.length > 0 ? cpuUs / timings.length : null,
  };
}
