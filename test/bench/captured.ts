/**
 * What the real server answered to every distinct request of a read run, captured right before
 * the run: the bytes and the content type that the two baselines (baseline.ts, nest-baseline.ts)
 * then serve, looked up by the request's path and query as sent. The capture goes to a file for
 * the baseline children (a thousand 3 KB pages do not fit in an environment variable).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ReadRequest } from './scenarios';

export interface CapturedAnswer {
  contentType: string;
  body: Buffer;
}

export interface Capture {
  /** The real route's Fastify pattern, which the baselines register too. */
  route: string;
  /** By path and query, exactly as the run sends them. */
  answers: Map<string, CapturedAnswer>;
  /** Paths whose answer differed between the callers the run uses (the baselines serve the first caller's). */
  callerDependent: number;
}

/** Requests in flight at once while capturing (a run of 1,000 pages takes about a second). */
const CONCURRENCY = 8;

export async function capture(url: string, route: string, requests: ReadRequest[]): Promise<Capture> {
  const distinct = [...new Map(requests.map((r) => [`${r.token ?? ''} ${r.path}`, r])).values()];
  const fetched: CapturedAnswer[] = new Array(distinct.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < distinct.length; i = next++) fetched[i] = await fetchAnswer(url, distinct[i]!);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // The first caller in the run's order wins; a path answered differently to another caller is counted.
  const answers = new Map<string, CapturedAnswer>();
  const differing = new Set<string>();
  distinct.forEach(({ path }, i) => {
    const answer = fetched[i]!;
    const first = answers.get(path);
    if (!first) answers.set(path, answer);
    else if (first.contentType !== answer.contentType || !first.body.equals(answer.body)) differing.add(path);
  });
  return { route, answers, callerDependent: differing.size };
}

async function fetchAnswer(url: string, request: ReadRequest): Promise<CapturedAnswer> {
  // identity: fetch would otherwise ask for gzip and hand back the decoded bytes; autocannon asks for none.
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const response = await fetch(`${url}${request.path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`capturing GET ${request.path}: ${response.status} ${body.toString('utf8', 0, 300)}`);
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') throw new Error(`capturing GET ${request.path}: answered with content-encoding ${encoding}`);
  return { contentType: response.headers.get('content-type') ?? 'application/octet-stream', body };
}

/** Sizes of the captured bodies, bytes. */
export function sizes(captured: Capture): { meanBytes: number; maxBytes: number } {
  const lengths = [...captured.answers.values()].map((a) => a.body.length);
  return { meanBytes: Math.round(lengths.reduce((s, n) => s + n, 0) / lengths.length), maxBytes: Math.max(...lengths) };
}

interface CaptureFile {
  route: string;
  answers: { path: string; contentType: string; body: string }[];
}

export function writeCapture(file: string, captured: Capture): void {
  const content: CaptureFile = {
    route: captured.route,
    answers: [...captured.answers].map(([path, a]) => ({ path, contentType: a.contentType, body: a.body.toString('base64') })),
  };
  writeFileSync(file, JSON.stringify(content));
}

/** In a baseline child: the capture named by BENCH_RESPONSES. */
export function readCapture(file = process.env.BENCH_RESPONSES): { route: string; answers: Map<string, CapturedAnswer> } {
  if (!file) throw new Error('BENCH_RESPONSES must name a capture file');
  const content = JSON.parse(readFileSync(file, 'utf8')) as CaptureFile;
  return { route: content.route, answers: new Map(content.answers.map((a) => [a.path, { contentType: a.contentType, body: Buffer.from(a.body, 'base64') }])) };
}
