import { errors, jwtVerify } from 'jose';
import type { SiteState } from '../sites/site.decider';
import { ReaderError } from './reader-error';
import { cookieValue } from './site-access';
import type { Claims } from './visitor-claims';

/** The cookie that carries a visitor's token for one site (its Path scopes it to the site). */
export const visitorCookieName = (siteId: string) => `site_visitor_${siteId}`;
/** A token longer than this is refused unread. */
const MAX_TOKEN = 8192;

/** What a visitor-auth site does with a request: read with the token's claims, admit a token given once, or send to log in. */
export type VisitorAccess =
  | { kind: 'read'; claims: Claims }
  | { kind: 'admit'; token: string; expiresAt: number | undefined }
  | { kind: 'login'; location: string };

/** The token's claims when `key` signed it (HS256) and it has not expired (nor is not yet valid); null otherwise. */
async function verified(token: string, key: string): Promise<{ claims: Claims; expiresAt: number | undefined } | null> {
  if (token.length === 0 || token.length > MAX_TOKEN) return null;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(key), { algorithms: ['HS256'] });
    return { claims: { ...payload }, expiresAt: payload.exp };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The login URL with where the reader was going (`location`, the path under the site), as GitBook's sites send it. */
function loginUrl(fallbackURL: string, returnPath: string): string {
  const url = new URL(fallbackURL);
  url.searchParams.set('location', returnPath);
  return url.toString();
}

/**
 * Who may read a `visitor-auth` site (docs/sites-serving.md, "Who may read"): a reader whose token,
 * given once as `?jwt_token=` (admitted: the answer sets the site's cookie) or carried by that cookie,
 * is signed with the site's visitor key and unexpired. Anyone else is sent to the site's login URL
 * (302), or answered 401 when it has none (or no key is set).
 */
export async function visitorAccess(
  state: SiteState,
  tokenParam: string | undefined,
  cookieHeader: string | undefined,
  returnPath: string,
): Promise<VisitorAccess> {
  const auth = state.visitorAuth ?? null;
  const given = tokenParam ?? cookieValue(cookieHeader, visitorCookieName(state.siteId));
  const valid = auth !== null && given !== undefined ? await verified(given, auth.privateKey) : null;
  if (valid)
    return tokenParam !== undefined
      ? { kind: 'admit', token: tokenParam, expiresAt: valid.expiresAt }
      : { kind: 'read', claims: valid.claims };
  if (auth?.fallbackURL) return { kind: 'login', location: loginUrl(auth.fallbackURL, returnPath) };
  const why = given === undefined ? 'a visitor token is required' : 'the visitor token is invalid or expired';
  throw new ReaderError(401, `${why}: open the site with ?jwt_token=<a JWT signed with the site's visitor key>`);
}

/** The Set-Cookie value that keeps an admitted token for the site: HttpOnly, SameSite=Lax, until the token expires. */
export function visitorCookie(siteId: string, token: string, path: string, secure: boolean, expiresAt: number | undefined): string {
  return [
    `${visitorCookieName(siteId)}=${token}`,
    `Path=${path}`,
    ...(expiresAt !== undefined ? [`Expires=${new Date(expiresAt * 1000).toUTCString()}`] : []),
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
