import { Agent, IncomingHttpHeaders } from 'node:http';
import { exchange } from './raw-http';

/** An answer as the suites read it: the status, the headers (a fetch `Headers`), the body's text. */
export interface ClientAnswer {
  status: number;
  headers: Headers;
  text: string;
}

// Kept-alive connections, as fetch keeps them, closed after a short idle time (well under the
// server's keep-alive timeout, so the server never closes one the client is about to reuse).
const agent = new Agent({ keepAlive: true, timeout: 4_000 });

/** The headers of an answer as a fetch `Headers` (each value of a repeated header appended). */
function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * One request to the application under test with node:http. The suites send tens of thousands; fetch
 * spends two to three times the CPU per request (about 1 ms against 0.4 ms on the e2e worker), which
 * on a 2-core machine is CPU the application under test does not get (issue #24).
 */
export async function sendRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<ClientAnswer> {
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  const sent: Record<string, string> = { ...headers };
  // What fetch sends when the suite names no Accept.
  if (!Object.keys(sent).some((name) => name.toLowerCase() === 'accept')) sent.accept = '*/*';
  if (payload) sent['content-length'] = String(payload.length);
  const { protocol, hostname, port, pathname, search } = new URL(url);
  if (protocol !== 'http:') throw new Error(`the suites' client speaks http only, not ${protocol}`);
  const answer = await exchange(
    agent,
    { host: hostname, port: Number(port), path: `${pathname}${search}`, method, headers: sent },
    payload,
  );
  return { ...answer, headers: headersOf(answer.headers) };
}
