import { conditionHolds } from '../adaptive-content/condition-evaluation';
import type { SiteState } from '../sites/site.decider';
import { cookieValue } from './site-access';

/** The cookie of unsigned claims GitBook's sites read: a JSON object, percent-encoded or not. */
export const PUBLIC_CLAIMS_COOKIE = 'gitbook-visitor-public';
const QUERY_PREFIX = 'visitor.';
/** Bounds on what a request may claim unsigned: names, a value's length, the cookie's length. */
const MAX_UNSIGNED = 64;
const MAX_VALUE = 1024;
const MAX_COOKIE = 4096;

export type Claims = Record<string, unknown>;

/** The declared type of the unsigned claim `name` in the adaptive schema (`properties.unsigned.properties`), if any. */
function declaredType(state: SiteState, name: string): string | undefined {
  const unsigned = (state.adaptiveSchema?.jsonSchema.properties as Claims | undefined)?.unsigned as Claims | undefined;
  const properties = unsigned?.properties as Claims | undefined;
  if (!properties || !Object.hasOwn(properties, name)) return undefined;
  const type = (properties[name] as Claims | undefined)?.type;
  return typeof type === 'string' ? type : undefined;
}

/** A value as the schema's type wants it: a string from a URL read as a boolean or number; undefined when it is not one. */
function asDeclared(type: string, value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_VALUE) return undefined;
  switch (type) {
    case 'boolean':
      return value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isFinite(n) ? n : undefined;
    }
    case 'string':
      return typeof value === 'string' ? value : undefined;
    default:
      return undefined;
  }
}

function cookieClaims(cookieHeader: string | undefined): Map<string, unknown> {
  const raw = cookieValue(cookieHeader, PUBLIC_CLAIMS_COOKIE);
  const found = new Map<string, unknown>();
  if (!raw || raw.length > MAX_COOKIE) return found;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.startsWith('{') ? raw : decodeURIComponent(raw));
  } catch {
    return found;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return found;
  for (const [name, value] of Object.entries(parsed).slice(0, MAX_UNSIGNED)) found.set(name, value);
  return found;
}

/**
 * A reader's unsigned claims: the `gitbook-visitor-public` cookie's, then `visitor.<name>` query
 * parameters (which win), each kept only when the site's adaptive schema declares it under `unsigned`
 * and read as its declared type (`"true"` a boolean, `"3"` a number). Nothing unsigned without a schema.
 */
export function unsignedClaims(state: SiteState, query: Readonly<Record<string, unknown>>, cookieHeader: string | undefined): Claims {
  const given = cookieClaims(cookieHeader);
  let count = 0;
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(QUERY_PREFIX) || ++count > MAX_UNSIGNED) continue;
    given.set(key.slice(QUERY_PREFIX.length), Array.isArray(value) ? value[value.length - 1] : value);
  }
  const claims = new Map<string, unknown>();
  for (const [name, value] of given) {
    const type = declaredType(state, name);
    const read = type === undefined ? undefined : asDeclared(type, value);
    if (read !== undefined) claims.set(name, read);
  }
  return Object.fromEntries(claims);
}

/**
 * The site as this reader sees it: sections and site spaces whose `condition` does not hold for the
 * claims (`visitor.claims`) left out, with their site spaces. Pages carry no condition in this codebase.
 */
export function adaptiveState(state: SiteState, claims: Claims): SiteState {
  const shows = (item: { condition: string | null }) => item.condition === null || conditionHolds(item.condition, claims);
  if (state.sections.every(shows) && state.siteSpaces.every(shows)) return state;
  const sections = state.sections.filter(shows);
  const kept = new Set(sections.map((s) => s.id));
  const siteSpaces = state.siteSpaces.filter((s) => shows(s) && (s.sectionId === null || kept.has(s.sectionId)));
  return { ...state, sections, siteSpaces };
}

/** Whether what the site shows may differ by reader (a condition anywhere): then its answers are private. */
export const hasConditions = (state: SiteState) =>
  state.sections.some((s) => s.condition !== null) || state.siteSpaces.some((s) => s.condition !== null);
