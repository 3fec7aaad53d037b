import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { AppConfig } from '../config/app-config';
import { excerpt } from '../http/error-body';
import { AddressClass, canonicalAddress, classifyAddress, CLASS_WORDS } from './address-class';
import { OutboundFetchError } from './outbound-error';
import { connectionFailure, dnsFailure, timedOut, tooLarge } from './outbound-failures';
import { OutboundEndpoint, OutboundPipelines } from './outbound-pipeline';

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
/** Pipelined connections kept (one per webhook subscription recently sent to), and how long an unused one stays. */
const PIPELINE_LIMITS = { maxConnections: 64, idleMs: 60_000 };
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
   * POSTs (webhook deliveries) go out pipelined on one kept-alive connection per key. Each new
   * connection runs the guard's lookup; a reused one goes to an address that lookup checked.
   */
  private readonly pipelines: OutboundPipelines;

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
    this.pipelines = new OutboundPipelines(this.connectionLookup as unknown as LookupFunction, options.userAgent, PIPELINE_LIMITS);
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
   * The endpoint POSTs to `url` go out on (webhook deliveries): the guard's check of `url` first
   * (within `timeoutMs`), then the kept-alive connection of `key` (a subscription) to its origin,
   * on which up to `depth` POSTs are pipelined in the order they are made (outbound-pipeline.ts).
   * Every new connection's DNS lookup is the guard's checked one; no redirect is followed at all
   * (a 3xx is answered as it is: a POST is never replayed at another address).
   */
  async pipeline(key: string, url: string | URL, { depth, timeoutMs }: { depth: number; timeoutMs: number }): Promise<OutboundEndpoint> {
    const target = parseUrl(url);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      await this.raceAbort(this.check(target), deadline.signal, target, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    const connection = this.pipelines.for(key, target, depth);
    return { url: target, post: (body, request) => connection.post(target, body, request) };
  }

  /** Closes the kept-alive connections (the module's end). */
  async onModuleDestroy(): Promise<void> {
    await this.pipelines.close();
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

  /** One GET, no redirects followed: the status, headers and the body up to `maxBytes`. */
  private get(url: URL, signal: AbortSignal, maxBytes: number, accept: string | undefined, timeoutMs: number): Promise<OutboundResponse> {
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
        method: 'GET',
        headers: { 'user-agent': this.options.userAgent, accept: accept ?? '*/*', 'accept-encoding': 'identity' },
        lookup: this.connectionLookup as unknown as RequestOptions['lookup'],
        agent: false,
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
      req.end();
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
