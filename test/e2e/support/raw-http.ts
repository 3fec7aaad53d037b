import { Agent, request } from 'node:http';

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

/**
 * One HTTP/1.1 request with node:http rather than fetch: fetch resolves `..` segments, refuses
 * bodies on GET and some header values, and the fuzz suites need to send all of those.
 */
export function rawHttp(baseUrl: string, { method, path, headers = {}, body }: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: hostname,
        port: Number(port),
        method,
        path,
        headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
