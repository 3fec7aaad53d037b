import { Agent, IncomingHttpHeaders, request, RequestOptions } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: any;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: no URL normalisation (`..` and `%2e%2e` stay), no encoding. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as is, with a content-length (no content-type is added). */
  body?: string;
}

// A connection per request: the server closes a connection after some errors (431), and a reused
// socket would then fail the next, innocent request.
const agent = new Agent({ keepAlive: false });

/** One exchange with node:http on `agent`: the status, the headers as node gives them, the body's text. */
export function exchange(
  agent: Agent,
  options: RequestOptions,
  payload?: Buffer,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...options, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One HTTP/1.1 request with node:http rather than fetch: fetch resolves `..` segments, refuses
 * bodies on GET and some header values, and the fuzz suites need to send all of those.
 */
export async function rawHttp(baseUrl: string, { method, path, headers = {}, body }: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  const answer = await exchange(
    agent,
    {
      host: hostname,
      port: Number(port),
      method,
      path,
      headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
    },
    payload,
  );
  let parsed: unknown;
  try {
    parsed = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { ...answer, body: parsed };
}
