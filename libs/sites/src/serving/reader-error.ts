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

/** The q-value an Accept header gives `type/subtype` through the most specific range naming it (0 when none does). */
function quality(ranges: readonly { range: string; q: number }[], type: string, explicitOnly: boolean): number {
  const [major] = type.split('/');
  const candidates = explicitOnly ? [type, `${major}/*`] : [type, `${major}/*`, '*/*'];
  for (const candidate of candidates) {
    const found = ranges.find((r) => r.range === candidate);
    if (found) return found.q;
  }
  return 0;
}

/**
 * Whether a refusal should be an HTML page: the request names text/html (a browser's navigation does)
 * and ranks it above application/json. Clients that ask for JSON, accept anything (`*\/*`) or send no
 * Accept keep the `{ error }` body.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    return { range, q: Number.isFinite(value) ? value : 0 };
  });
  const html = quality(ranges, 'text/html', true);
  return html > 0 && html > quality(ranges, 'application/json', false);
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
