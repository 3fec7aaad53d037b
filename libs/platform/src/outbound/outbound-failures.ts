import { excerpt } from '../http/error-body';
import { OutboundFetchError } from './outbound-error';

/** The errors the guard's requests fail with, shared by its fetches and its pipelined connections. */
export const dnsFailure = (host: string) => new OutboundFetchError('dns', `fetching failed: the host ${excerpt(host)} does not resolve`);

export const timedOut = (url: URL, timeoutMs: number) =>
  new OutboundFetchError('timeout', `fetching ${excerpt(url.href)} took longer than ${timeoutMs} ms`);

export const tooLarge = (url: URL, maxBytes: number) =>
  new OutboundFetchError('too-large', `fetching ${excerpt(url.href)}: the response is larger than ${maxBytes} bytes`);

export function connectionFailure(url: URL, error: Error & { code?: string }): OutboundFetchError {
  const why = error.code ? error.code : 'the connection failed';
  return new OutboundFetchError('connection', `fetching ${excerpt(url.href)} failed: ${why}`);
}
