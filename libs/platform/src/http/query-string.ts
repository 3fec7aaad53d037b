/** Names quoted in a message are cut here: the README promises short excerpts of the input. */
const MAX_QUOTED = 64;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

const quoted = (name: string) => (name === '' ? '(empty name)' : name.length > MAX_QUOTED ? `${name.slice(0, MAX_QUOTED)}…` : name);

/** The query string of a raw request URL (`a=1&b=2`), or '' when it has none. */
export function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** The path of a raw request URL, without its query string. */
export function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}

/** Percent-decoded form text, or null when it is not well-formed percent-encoded UTF-8. */
function decoded(text: string): string | null {
  if (!text.includes('%')) return text.replace(/\+/g, ' ');
  if (BAD_ESCAPE.test(text)) return null;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null; // the bytes are not UTF-8 (an encoded surrogate, an overlong form, a stray continuation byte)
  }
}

/**
 * The first badly encoded parameter of a query string, as a 400 message naming it; null when every
 * name and value is well-formed. Fastify's parser is lenient where it should refuse: `%ff` decodes
 * to `NaNf`, and `%ED%A0%80` (an encoded lone surrogate) stays as it was sent, so the raw text is
 * checked here, before anything reads the parsed query.
 */
export function queryEncodingProblem(query: string): string | null {
  if (query === '') return null;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decoded(rawName);
    if (name === null) return `query parameter ${quoted(rawName)}: the name is not well-formed percent-encoded UTF-8`;
    if (eq >= 0 && decoded(pair.slice(eq + 1)) === null)
      return `query parameter ${quoted(name)}: the value is not well-formed percent-encoded UTF-8`;
  }
  return null;
}

/** The first parameter a query string names (decoded), or null when it names none (`?` and `?&` name none). */
export function firstQueryName(query: string): string | null {
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    return quoted(decoded(eq < 0 ? pair : pair.slice(0, eq)) ?? '');
  }
  return null;
}
