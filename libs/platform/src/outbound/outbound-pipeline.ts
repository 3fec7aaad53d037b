import type { LookupFunction } from 'node:net';
import type * as Undici from 'undici';
import { OutboundFetchError } from './outbound-error';
import { connectionFailure, timedOut, tooLarge } from './outbound-failures';
import type { OutboundResponse } from './outbound-fetch';

/**
 * undici, required on first use rather than on import (loading it takes 100 to 200 ms on a busy
 * machine): only a process that delivers webhooks pays for it, at its first connection.
 */
const undici = (): typeof Undici => require('undici') as typeof Undici;

/** One POST on a pipelined connection: its headers, its timeout (from when it is made, answer read included) and answer cap. */
export interface PipelinedRequest {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
}

/** A URL the guard checked, and the connection its POSTs go out on (OutboundFetch.pipeline). */
export interface OutboundEndpoint {
  readonly url: URL;
  post(body: string | Buffer, request: PipelinedRequest): Promise<OutboundResponse>;
}

/** Connections kept at most (more only while all of them are in use), and how long an unused one is kept. */
export interface PipelineLimits {
  maxConnections: number;
  idleMs: number;
}

/**
 * One kept-alive HTTP/1.1 connection to one origin (an undici Client) on which POSTs are pipelined:
 * written in the order `post` is called, up to `depth` outstanding before the first is answered;
 * TCP and HTTP/1.1 keep them in that order at the receiver, and answers come back in it. The
 * POSTs are marked idempotent (a webhook delivery is, by its `webhook-id`) and not blocking,
 * which undici requires to pipeline them; when a connection breaks, undici fails the request at
 * its head and writes the ones behind it again on a new connection. Each new connection resolves its host through the
 * guard's checked lookup. No redirect is followed (undici's request follows none: a 3xx is an
 * answer), the answer is read up to `maxBytes`, and each POST has its own timeout.
 */
export class OutboundPipeline {
  private readonly client: Undici.Client;
  private active = 0;
  lastUsed = 0;

  constructor(
    readonly origin: string,
    readonly depth: number,
    lookup: LookupFunction,
    private readonly userAgent: string,
  ) {
    this.client = new (undici().Client)(origin, { pipelining: depth, connect: { lookup } });
  }

  get idle(): boolean {
    return this.active === 0;
  }

  async post(url: URL, body: string | Buffer, request: PipelinedRequest): Promise<OutboundResponse> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
    this.active++;
    try {
      const answer = await this.client.request({
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...request.headers, 'user-agent': this.userAgent, accept: '*/*', 'accept-encoding': 'identity' },
        body,
        // Both needed to pipeline: undici writes nothing behind a request that is not idempotent,
        // nor behind a "blocking" one (any POST, by default) until its answer's headers arrive.
        idempotent: true,
        blocking: false,
        signal: deadline.signal,
      });
      const headers = answer.headers as OutboundResponse['headers'];
      const contentType = String(headers['content-type'] ?? '');
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > request.maxBytes) {
        answer.body.destroy();
        throw tooLarge(url, request.maxBytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > request.maxBytes) {
          answer.body.destroy();
          throw tooLarge(url, request.maxBytes);
        }
        chunks.push(chunk);
      }
      return { url: url.href, status: answer.statusCode, headers, contentType, body: Buffer.concat(chunks, size) };
    } catch (error) {
      if (error instanceof OutboundFetchError) throw error;
      if (deadline.signal.aborted || error instanceof undici().errors.ConnectTimeoutError) throw timedOut(url, request.timeoutMs);
      const cause = (error as Error & { cause?: unknown }).cause;
      if (cause instanceof OutboundFetchError) throw cause;
      throw connectionFailure(url, error as Error & { code?: string });
    } finally {
      clearTimeout(timer);
      this.active--;
      this.lastUsed = Date.now();
    }
  }

  /** Closes the connection once the requests on it are answered (never rejects: closing is all it is asked). */
  close(): Promise<void> {
    return this.client.close().catch(() => undefined);
  }

  /** Closes the connection now, failing the requests on it. */
  destroy(): Promise<void> {
    return this.client.destroy().catch(() => undefined);
  }
}

/**
 * The pipelined connections, one per key (a webhook subscription): a bounded map in the order of
 * use, a connection closed when unused for `idleMs` or when the map is over `maxConnections`
 * (never one with requests outstanding), and replaced when its key's URL moves to another origin.
 */
export class OutboundPipelines {
  private readonly connections = new Map<string, OutboundPipeline>();
  private closed = false;

  constructor(
    private readonly lookup: LookupFunction,
    private readonly userAgent: string,
    private readonly limits: PipelineLimits,
  ) {}

  get size(): number {
    return this.connections.size;
  }

  /** The connection of `key` to `url`'s origin, up to `depth` POSTs outstanding on it. */
  for(key: string, url: URL, depth: number): OutboundPipeline {
    if (this.closed) throw new OutboundFetchError('connection', 'refused: the server is shutting down');
    const now = Date.now();
    let connection = this.connections.get(key);
    this.connections.delete(key);
    if (connection && (connection.origin !== url.origin || connection.depth !== depth)) {
      void connection.close();
      connection = undefined;
    }
    connection ??= new OutboundPipeline(url.origin, depth, this.lookup, this.userAgent);
    connection.lastUsed = now;
    this.connections.set(key, connection);
    this.closeUnused(now, connection);
    return connection;
  }

  /** Closes every connection now (the module's end). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.connections.values()];
    this.connections.clear();
    await Promise.allSettled(all.map((connection) => connection.destroy()));
  }

  /** Closes idle connections unused for `idleMs`, and the least recently used idle ones past `maxConnections` (but not `keep`). */
  private closeUnused(now: number, keep: OutboundPipeline): void {
    let over = this.connections.size - this.limits.maxConnections;
    for (const [key, connection] of this.connections) {
      if (!connection.idle || connection === keep) continue;
      if (over > 0 || now - connection.lastUsed >= this.limits.idleMs) {
        this.connections.delete(key);
        over--;
        void connection.close();
      }
    }
  }
}
