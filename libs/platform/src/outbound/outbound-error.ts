import { HttpException } from '@nestjs/common';

/** Why an outbound fetch was refused or failed. */
export type OutboundFailure =
  | 'invalid-url' // not a URL, or one with credentials
  | 'scheme' // not http or https
  | 'refused-address' // the host is (or resolves to) a loopback, private, link-local, metadata... address
  | 'dns' // the host does not resolve
  | 'connection' // refused, reset, TLS failure
  | 'timeout'
  | 'too-large' // the body exceeds the size cap
  | 'too-many-redirects'
  | 'http-status' // the server answered an error status (raised by callers that need a 2xx)
  | 'not-html' // not the kind of document the caller fetches (raised by callers)
  | 'robots'; // robots.txt disallows the URL (raised by crawlers)

/** The status a refused or failed outbound fetch answers with when it reaches the HTTP layer. */
export const OUTBOUND_ERROR_STATUS = 422;

/**
 * A refused or failed outbound fetch. It reaches clients as 422 Unprocessable Content with the
 * usual error body: the request was valid, but what it points at cannot be fetched; the message
 * names the URL and the reason (never an address the server resolved a public name to, so the
 * answer does not map the server's network beyond what the caller asked for).
 */
export class OutboundFetchError extends HttpException {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message.length > 280 ? `${message.slice(0, 279)}…` : message, OUTBOUND_ERROR_STATUS);
    this.name = 'OutboundFetchError';
  }
}
