import Negotiator from 'negotiator';
import { errorBody } from '@docs/platform';
import { refusalDocument } from './site-html';

/** What a reader is answered instead of a page: a status and the `{ error }` body's message. */
export class ReaderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** 404: the site, or what the path names in it, is not there for this reader (never saying whether it exists). */
export const notServed = (what = 'site not found') => new ReaderError(404, what);

/**
 * Whether a refusal should be an HTML page: the request ranks text/html above application/json (a
 * browser's navigation does), by quality, then specificity, then the header's order (Negotiator,
 * as Express's req.accepts). Clients that ask for JSON, accept anything (`*\/*`) or send no Accept
 * keep the `{ error }` body.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json', 'text/html']) === 'text/html';
}

const HEADINGS = new Map([
  [401, 'You need to sign in'],
  [404, 'This page is not available'],
]);

/** A refusal as the reader asked for it: a small HTML page for a person in a browser, else the `{ error }` body. */
export function readerErrorAnswer(error: ReaderError, accept: string | undefined): { type: string; body: string } {
  if (!prefersHtml(accept))
    return { type: 'application/json; charset=utf-8', body: JSON.stringify(errorBody(error.status, error.message)) };
  const heading = HEADINGS.get(error.status) ?? 'This page cannot be shown';
  const reason = `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`;
  return { type: 'text/html; charset=utf-8', body: refusalDocument(heading, reason) };
}
