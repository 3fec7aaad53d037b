import autocannon from 'autocannon';
import type { Seeded, SeededTeamOrg } from './seed';

export interface HttpFigures {
  name: 'get-by-id' | 'list' | 'write' | 'baseline' | 'teams-large' | 'teams-small';
  /** What was measured, for the table. */
  what: string;
  connections: number;
  seconds: number;
  /** 2xx answers per second (for writes: acknowledged writes, read-your-writes included). */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, socket errors and timeouts: must be 0. */
  failures: number;
  /** Writes whose answer did not show the title that request wrote (read-your-writes broken): must be 0. */
  staleReads: number;
  peakRssMb: number | null;
  /** p99 of the server process's event-loop delay during the measured run (perf_hooks), ms. */
  eventLoopP99Ms: number | null;
}

export interface HttpRun {
  name: HttpFigures['name'];
  what: string;
  url: string;
  connections: number;
  /** Gives each connection its request (pinned per connection: org, token, body). */
  request: (connection: number) => ConnectionRequest;
}

export interface ConnectionRequest {
  method: 'GET' | 'PATCH';
  path: string;
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
          ...(spec.body
            ? {
                setupRequest: (request: Record<string, unknown>) => {
                  request.body = JSON.stringify(spec.body!());
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
export type EventLoopProbe = () => Promise<() => Promise<number | null>>;

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
  const eventLoopP99Ms = await stopLoop();
  const peakRssMb = stop();
  const ok = result['2xx'];
  return {
    name: run.name,
    what: run.what,
    connections: run.connections,
    seconds: result.duration,
    rps: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    staleReads: stale,
    peakRssMb,
    eventLoopP99Ms,
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
    request: (i) => ({ method: 'GET', path: `/v1/orgs/${seeded.orgs[i % seeded.orgs.length]!.id}`, token: readers[i % readers.length]!.token }),
  };
}

/**
 * (2) the member search: a filtered page of 50 of an organization's 200 members (111 match), with
 * its count; when the members route is missing, the caller's orgs.
 */
export function list(url: string, seeded: Seeded, connections: number): HttpRun {
  if (seeded.membersRoute) {
    return {
      name: 'list',
      what: 'GET /v1/orgs/{id}/members?limit=50&search=user-1',
      url,
      connections,
      request: (i) => ({
        method: 'GET',
        path: `/v1/orgs/${seeded.orgs[i % seeded.orgs.length]!.id}/members?limit=50&search=user-1`,
        token: seeded.orgs[i % seeded.orgs.length]!.adminToken,
      }),
    };
  }
  return {
    name: 'list',
    what: 'GET /v1/orgs?limit=50 (members by userId)',
    url,
    connections,
    request: () => ({ method: 'GET', path: '/v1/orgs?limit=50', token: seeded.users[0]!.token }),
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
  return {
    name,
    what: `GET /v1/orgs/{id}/teams?limit=50, ${org.teams} teams`,
    url,
    connections,
    request: () => ({ method: 'GET', path: `/v1/orgs/${org.id}/teams?limit=50`, token: seeded.users[0]!.token }),
  };
}

/** (4) the baseline: the same JSON document as (1) from a bare Fastify server. */
export function baseline(url: string, seeded: Seeded, connections: number): HttpRun {
  return {
    name: 'baseline',
    what: 'bare Fastify, same JSON as GET /v1/orgs/{id}',
    url,
    connections,
    request: (i) => ({ method: 'GET', path: `/v1/orgs/${seeded.orgs[i % seeded.orgs.length]!.id}` }),
  };
}
