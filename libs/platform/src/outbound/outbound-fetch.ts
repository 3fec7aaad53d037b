import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { Agent as HttpAgent, IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { AppConfig } from '../config/app-config';
import { excerpt } from '../http/error-body';
import { AddressClass, canonicalAddress, classifyAddress, CLASS_WORDS } from './address-class';
import { OutboundFetchError } from './outbound-error';

/** The name outbound requests give in `User-Agent`, and the token robots.txt rules are matched against. */
export const OUTBOUND_AGENT = 'docs-platform-api';
export const OUTBOUND_AGENT_VERSION = '0.1';

/** Resolves a host name to all its addresses (the guard checks every one). */
export type HostResolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundOptions {
  /** Host names and IP addresses that may be fetched although private or loopback (OUTBOUND_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Default per-fetch timeout (connection, headers and body, redirects included). */
  timeoutMs: number;
  /** Default size cap of a body, in bytes. */
  maxBytes: number;
  /** How many redirects one fetch follows (each one checked like the first URL). */
  maxRedirects?: number;
  /** Sent as `User-Agent`. */
  userAgent: string;
  resolver?: HostResolver;
}

export interface OutboundRequest {
  /** Overrides the default timeout, for this fetch. */
  timeoutMs?: number;
  /** Overrides the default size cap, for this fetch. */
  maxBytes?: number;
  /** Aborts the fetch (say, a caller's overall deadline); it fails with reason `timeout`. */
  signal?: AbortSignal;
  /** `Accept` header. */
  accept?: string;
}

export interface OutboundResponse {
  /** The URL finally fetched (after redirects). */
  url: string;
  status: number;
  /** Lower-cased header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  contentType: string;
  body: Buffer;
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** What the guard knows about a host before connecting: allowed as a whole, or the checked addresses. */
type Verdict = { ok: true } | { ok: false; error: OutboundFetchError };

/**
 * The one way the server fetches anything outside (docs/architecture.md, "Outbound fetches"): http
 * and https only; the host is resolved and every address it resolves to must be public (not
 * loopback, private, unique-local, link-local, CGNAT, unspecified, multicast, reserved or a cloud
 * metadata address, IPv4-mapped IPv6 included), unless OUTBOUND_ALLOW_HOSTS names the host or
 * the address. The check runs before each request, on every redirect (followed here, at most
 * five), and again inside each connection's own DNS lookup, so a name that re-resolves elsewhere
 * between the check and the connection (DNS rebinding) is refused too. Bodies are streamed and
 * cut off at a size cap; the whole fetch has a timeout. Failures throw OutboundFetchError.
 */
export class OutboundFetch {
  private readonly allowedNames: ReadonlySet<string>;
  private readonly allowedAddresses: ReadonlySet<string>;
  private readonly resolver: HostResolver;
  private readonly maxRedirects: number;
  /**
   * POSTs (webhook deliveries, many to one receiver) reuse connections. Each new connection still
   * runs the guard's lookup; a reused one goes to an address that lookup checked, and a request
   * that fails or times out destroys its connection. Idle ones never keep the process alive.
   */
  private readonly keepAlive = {
    http: new HttpAgent({ keepAlive: true, maxFreeSockets: 64 }),
    https: new HttpsAgent({ keepAlive: true, maxFreeSockets: 64 }),
  };

  constructor(private readonly options: OutboundOptions) {
    const names = new Set<string>();
    const addresses = new Set<string>();
    for (const raw of options.allowHosts) {
      const host = raw
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1');
      if (!host) continue;
      if (isIP(host)) addresses.add(canonicalAddress(host));
      else names.add(host.replace(/\.$/, ''));
    }
    this.allowedNames = names;
    this.allowedAddresses = addresses;
    this.resolver = options.resolver ?? systemResolver;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  }

  /** The guard for a configuration: OUTBOUND_ALLOW_HOSTS, OUTBOUND_TIMEOUT_MS, OUTBOUND_MAX_BYTES. */
  static fromConfig(config: AppConfig, resolver?: HostResolver): OutboundFetch {
    return new OutboundFetch({
      allowHosts: config.outboundAllowHosts,
      timeoutMs: config.outboundTimeoutMs,
      maxBytes: config.outboundMaxBytes,
      userAgent: `${OUTBOUND_AGENT}/${OUTBOUND_AGENT_VERSION} (+${config.publicUrl})`,
      ...(resolver ? { resolver } : {}),
    });
  }

  get userAgent(): string {
    return this.options.userAgent;
  }

  /**
   * The URL, parsed, when the guard would fetch it: scheme, credentials, and every address the
   * host resolves to. Throws OutboundFetchError otherwise. `fetch` runs this on every hop.
   */
  async check(url: string | URL): Promise<URL> {
    const parsed = parseUrl(url);
    const verdict = await this.vet(parsed.hostname);
    if (!verdict.ok) throw verdict.error;
    return parsed;
  }

  /**
   * The address a tool that connects by itself (git) must connect to for `hostname`, checked with
   * the guard's rules (every address the name resolves to); the caller pins it (git's
   * `http.curloptResolve`), so a name that re-resolves elsewhere later (DNS rebinding) is not followed.
   * Throws OutboundFetchError when the host is refused or does not resolve.
   */
  async vettedAddress(hostname: string): Promise<string> {
    const verdict = await this.vet(hostname);
    if (!verdict.ok) throw verdict.error;
    const host = bare(hostname);
    if (isIP(host)) return host;
    const addresses = await this.resolve(host);
    for (const { address } of this.allowedNames.has(host) ? [] : addresses) {
      const refusal = this.refusal(address);
      if (refusal) throw new OutboundFetchError('refused-address', `refused: ${excerpt(host)} resolves to ${refusal}`);
    }
    return addresses[0]!.address;
  }

  /** GETs `url`, following redirects; answers whatever status the server gives (callers decide what an error status means). */
  async fetch(url: string | URL, request: OutboundRequest = {}): Promise<OutboundResponse> {
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const maxBytes = request.maxBytes ?? this.options.maxBytes;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const onOuterAbort = () => deadline.abort();
    request.signal?.addEventListener('abort', onOuterAbort, { once: true });
    if (request.signal?.aborted) deadline.abort();
    let current = parseUrl(url);
    try {
      for (let hop = 0; ; hop++) {
        await this.raceAbort(this.check(current), deadline.signal, current, timeoutMs);
        const response = await this.get(current, deadline.signal, maxBytes, request.accept, timeoutMs);
        const location = response.headers.location;
        if (!REDIRECTS.has(response.status) || typeof location !== 'string' || !location) return response;
        if (hop >= this.maxRedirects)
          throw new OutboundFetchError('too-many-redirects', `fetching ${excerpt(String(url))}: more than ${this.maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new OutboundFetchError('invalid-url', `fetching ${excerpt(current.href)}: the redirect location is not a URL`);
        }
        current = parseUrl(next);
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  /**
   * POSTs `body` to `url` once (webhook deliveries): the same guard, timeout and size cap as
   * `fetch`, and no redirect followed at all (a 3xx is answered as it is: a POST is never replayed
   * at another address, another host's least of all). Connections are kept alive between POSTs.
   */
  async post(
    url: string | URL,
    body: string | Buffer,
    request: OutboundRequest & { headers?: Record<string, string> } = {},
  ): Promise<OutboundResponse> {
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const maxBytes = request.maxBytes ?? this.options.maxBytes;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const target = parseUrl(url);
    try {
      await this.raceAbort(this.check(target), deadline.signal, target, timeoutMs);
      const send = { method: 'POST' as const, body, headers: request.headers ?? {} };
      return await this.get(target, deadline.signal, maxBytes, request.accept, timeoutMs, send, true);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether `hostname` (a name or an IP literal) may be fetched: allowed by name, or every address it resolves to allowed. */
  private async vet(hostname: string): Promise<Verdict> {
    const host = bare(hostname);
    if (this.allowedNames.has(host)) return { ok: true };
    if (isIP(host)) {
      const refusal = this.refusal(host);
      return refusal ? { ok: false, error: new OutboundFetchError('refused-address', `refused: ${host} is ${refusal}`) } : { ok: true };
    }
    // RFC 6761: these names never reach DNS. localhost is loopback; .invalid never resolves.
    if (host === 'localhost' || host.endsWith('.localhost')) {
      return { ok: false, error: new OutboundFetchError('refused-address', `refused: ${excerpt(host)} is ${CLASS_WORDS.loopback}`) };
    }
    if (host.endsWith('.invalid') || host === 'invalid') return { ok: false, error: dnsFailure(host) };
    const addresses = await this.resolve(host);
    for (const { address } of addresses) {
      const refusal = this.refusal(address);
      if (refusal)
        return { ok: false, error: new OutboundFetchError('refused-address', `refused: ${excerpt(host)} resolves to ${refusal}`) };
    }
    return { ok: true };
  }

  private async resolve(host: string): Promise<readonly { address: string; family: number }[]> {
    let addresses: readonly { address: string; family: number }[];
    try {
      addresses = await this.resolver(host);
    } catch {
      throw dnsFailure(host);
    }
    if (addresses.length === 0) throw dnsFailure(host);
    return addresses;
  }

  /** Why an address is refused (the words for its class), or null when it may be fetched. */
  private refusal(address: string): string | null {
    if (this.allowedAddresses.has(canonicalAddress(address))) return null;
    const kind: AddressClass = classifyAddress(address);
    return kind === 'public' ? null : CLASS_WORDS[kind];
  }

  /**
   * The `lookup` every connection uses: resolves again and refuses, with the same rules, so the
   * address connected to is one that was checked now (a DNS answer that changed since `check`
   * cannot slip through). Node calls it with `all: true` when it races IPv4 and IPv6.
   */
  private readonly connectionLookup = (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const host = bare(hostname);
    const answer = async (): Promise<LookupAddress[]> => {
      const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
      const allowedByName = this.allowedNames.has(host);
      for (const { address } of addresses) {
        const refusal = allowedByName ? null : this.refusal(address);
        if (refusal) throw new OutboundFetchError('refused-address', `refused: ${excerpt(host)} resolves to ${refusal}`);
      }
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (wanted.length === 0) throw dnsFailure(host);
      return wanted.map(({ address, family }) => ({ address, family }));
    };
    answer().then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : ''),
    );
  };

  /** One request (a GET unless `send` says otherwise), no redirects followed: the status, headers and the body up to `maxBytes`. */
  private get(
    url: URL,
    signal: AbortSignal,
    maxBytes: number,
    accept: string | undefined,
    timeoutMs: number,
    send?: { method: 'POST'; body: string | Buffer; headers: Record<string, string> },
    reuse = false,
  ): Promise<OutboundResponse> {
    return new Promise<OutboundResponse>((resolve, reject) => {
      if (signal.aborted) return reject(timedOut(url, timeoutMs));
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        req.destroy();
        reject(error);
      };
      const onAbort = () => fail(timedOut(url, timeoutMs));
      const options: RequestOptions = {
        method: send?.method ?? 'GET',
        headers: {
          ...send?.headers,
          'user-agent': this.options.userAgent,
          accept: accept ?? '*/*',
          'accept-encoding': 'identity',
          ...(send ? { 'content-length': String(Buffer.byteLength(send.body)) } : {}),
        },
        lookup: this.connectionLookup as unknown as RequestOptions['lookup'],
        agent: reuse ? (url.protocol === 'https:' ? this.keepAlive.https : this.keepAlive.http) : false,
      };
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const headers = res.headers;
        if (REDIRECTS.has(status) && headers.location) {
          res.resume();
          settled = true;
          signal.removeEventListener('abort', onAbort);
          req.destroy();
          return resolve({ url: url.href, status, headers, contentType: headers['content-type'] ?? '', body: Buffer.alloc(0) });
        }
        const declared = Number(headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) return fail(tooLarge(url, maxBytes));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(tooLarge(url, maxBytes));
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          resolve({ url: url.href, status, headers, contentType: headers['content-type'] ?? '', body: Buffer.concat(chunks, size) });
        });
        res.on('error', (error) => fail(error instanceof OutboundFetchError ? error : connectionFailure(url, error)));
        res.on('aborted', () => fail(connectionFailure(url, new Error('the connection was cut'))));
      });
      req.on('error', (error) => fail(error instanceof OutboundFetchError ? error : connectionFailure(url, error)));
      signal.addEventListener('abort', onAbort, { once: true });
      req.end(send?.body);
    });
  }

  /** A check that also ends when the fetch's time is up (DNS can be slow). */
  private async raceAbort<T>(work: Promise<T>, signal: AbortSignal, url: URL, timeoutMs: number): Promise<T> {
    if (signal.aborted) throw timedOut(url, timeoutMs);
    let onAbort!: () => void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(timedOut(url, timeoutMs));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** A URL the guard may consider: http or https, no credentials. */
function parseUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new OutboundFetchError('invalid-url', `not a URL: ${excerpt(String(url))}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundFetchError('scheme', `refused: only http and https URLs are fetched, not ${excerpt(parsed.protocol, 20)}`);
  }
  if (parsed.username || parsed.password) throw new OutboundFetchError('invalid-url', 'refused: URLs with credentials are not fetched');
  if (!parsed.hostname) throw new OutboundFetchError('invalid-url', `not a URL with a host: ${excerpt(String(url))}`);
  return parsed;
}

/** A URL's hostname without IPv6 brackets or a trailing dot, lower-cased. */
const bare = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

const dnsFailure = (host: string) => new OutboundFetchError('dns', `fetching failed: the host ${excerpt(host)} does not resolve`);
const timedOut = (url: URL, timeoutMs: number) =>
  new OutboundFetchError('timeout', `fetching ${excerpt(url.href)} took longer than ${timeoutMs} ms`);
const tooLarge = (url: URL, maxBytes: number) =>
  new OutboundFetchError('too-large', `fetching ${excerpt(url.href)}: the response is larger than ${maxBytes} bytes`);

function connectionFailure(url: URL, error: Error & { code?: string }): OutboundFetchError {
  const why = error.code ? error.code : 'the connection failed';
  return new OutboundFetchError('connection', `fetching ${excerpt(url.href)} failed: ${why}`);
}
