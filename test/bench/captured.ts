/**
 * What the real server answered to every distinct request of a read run, captured right before
 * the run: the bytes and the content type that the two baselines (baseline.ts, nest-baseline.ts)
 * then serve, looked up by the request's path and query as sent and by its authorization header
 * (answers can depend on the caller: GET /v1/orgs/{id} carries the caller's `permissions`). The
 * capture goes to a file for the baseline children (a thousand 3 KB pages do not fit in an
 * environment variable).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ReadRequest } from './scenarios';

export interface CapturedAnswer {
  contentType: string;
  body: Buffer;
}

/** By path and query as sent, then by the authorization header as sent ('' without one). */
export type Answers = Map<string, Map<string, CapturedAnswer>>;

export interface Capture {
  /** The real route's Fastify pattern, which the baselines register too. */
  route: string;
  answers: Answers;
}

/** The authorization header a request of a run carries, as the baselines see it. */
export const authorizationOf = (request: ReadRequest): string => (request.token ? `Bearer ${request.token}` : '');

/** Requests in flight at once while capturing (a run of 1,000 pages takes about a second). */
const CONCURRENCY = 8;

export async function capture(url: string, route: string, requests: ReadRequest[]): Promise<Capture> {
  const distinct = [...new Map(requests.map((r) => [`${authorizationOf(r)} ${r.path}`, r])).values()];
  const fetched: CapturedAnswer[] = new Array(distinct.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < distinct.length; i = next++) fetched[i] = await fetchAnswer(url, distinct[i]!);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const answers: Answers = new Map();
  distinct.forEach((request, i) => {
    const byCaller = answers.get(request.path) ?? new Map<string, CapturedAnswer>();
    answers.set(request.path, byCaller.set(authorizationOf(request), fetched[i]!));
  });
  return { route, answers };
}

async function fetchAnswer(url: string, request: ReadRequest): Promise<CapturedAnswer> {
  // identity: fetch would otherwise ask for gzip and hand back the decoded bytes; autocannon asks for none.
  const authorization = authorizationOf(request);
  const response = await fetch(`${url}${request.path}`, {
    headers: { 'accept-encoding': 'identity', ...(authorization ? { authorization } : {}) },
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`capturing GET ${request.path}: ${response.status} ${body.toString('utf8', 0, 300)}`);
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') throw new Error(`capturing GET ${request.path}: answered with content-encoding ${encoding}`);
  return { contentType: response.headers.get('content-type') ?? 'application/octet-stream', body };
}

/**
 * How many answers (one per path and caller), over how many paths, how many paths answered differently to different callers, and the
 * bodies' sizes in bytes.
 */
export function describe(captured: Capture): {
  answers: number;
  paths: number;
  callerDependent: number;
  meanBytes: number;
  maxBytes: number;
  contentType: string;
} {
  const all = [...captured.answers.values()].flatMap((byCaller) => [...byCaller.values()]);
  const lengths = all.map((a) => a.body.length);
  const differs = (byCaller: Map<string, CapturedAnswer>) => {
    const [first, ...others] = [...byCaller.values()];
    return others.some((a) => a.contentType !== first!.contentType || !a.body.equals(first!.body));
  };
  return {
    answers: all.length,
    paths: captured.answers.size,
    callerDependent: [...captured.answers.values()].filter(differs).length,
    meanBytes: Math.round(lengths.reduce((sum, n) => sum + n, 0) / lengths.length),
    maxBytes: Math.max(...lengths),
    contentType: [...new Set(all.map((a) => a.contentType))].join(', '),
  };
}

interface CaptureFile {
  route: string;
  answers: { path: string; authorization: string; contentType: string; body: string }[];
}

export function writeCapture(file: string, captured: Capture): void {
  const content: CaptureFile = {
    route: captured.route,
    answers: [...captured.answers].flatMap(([path, byCaller]) =>
      [...byCaller].map(([authorization, a]) => ({ path, authorization, contentType: a.contentType, body: a.body.toString('base64') })),
    ),
  };
  writeFileSync(file, JSON.stringify(content));
}

/** In a baseline child: the capture named by BENCH_RESPONSES. */
export function readCapture(file = process.env.BENCH_RESPONSES): Capture {
  if (!file) throw new Error('BENCH_RESPONSES must name a capture file');
  const content = JSON.parse(readFileSync(file, 'utf8')) as CaptureFile;
  const answers: Answers = new Map();
  for (const a of content.answers) {
    const byCaller = answers.get(a.path) ?? new Map<string, CapturedAnswer>();
    answers.set(a.path, byCaller.set(a.authorization, { contentType: a.contentType, body: Buffer.from(a.body, 'base64') }));
  }
  return { route: content.route, answers };
}

/** In a baseline child: the captured answer to a request, by its url (path and query) and authorization header. */
export function answerTo(answers: Answers, url: string, authorization: string | undefined): CapturedAnswer | undefined {
  return answers.get(url)?.get(authorization ?? '');
}

/** Answers a baseline is checked against before it is measured, spread over the capture. */
const CHECKED = 50;

/**
 * Asks a baseline for a sample of the captured requests and throws unless each answer has the
 * captured bytes and content type: a baseline serving anything else would make its ratio meaningless.
 */
export async function checkServes(url: string, captured: Capture): Promise<void> {
  const all = [...captured.answers].flatMap(([path, byCaller]) =>
    [...byCaller].map(([authorization, answer]) => ({ path, authorization, answer })),
  );
  const step = Math.max(1, Math.floor(all.length / CHECKED));
  for (let i = 0; i < all.length; i += step) {
    const { path, authorization, answer } = all[i]!;
    const response = await fetch(`${url}${path}`, {
      headers: { 'accept-encoding': 'identity', ...(authorization ? { authorization } : {}) },
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.get('content-type') !== answer.contentType || !body.equals(answer.body)) {
      throw new Error(
        `baseline ${url}${path} answered ${response.status} ${response.headers.get('content-type')} ` +
          `(${body.length} bytes), not the captured ${answer.contentType} (${answer.body.length} bytes)`,
      );
    }
  }
}
