import { invalid, notFound } from '@docs/kernel';
import type { ServedLevel } from './served-structure';
import type { SearchSiteBody } from './site-search.dto';

/**
 * The levels a site search covers, each keeping only the site spaces the body's scope names
 * (GitBook's SiteSearchScope, or the deprecated `mode`): `all` (the default) every site space;
 * `specific` the ones named; `default` each level's default site space, with `currentSiteSpace`
 * added, or with `restrictTo` only it (`currentSiteSpace`) or the defaults but it (`otherSiteSpaces`).
 * A named site space the site does not show is 404, a missing one 400, naming the field.
 */
export function scopedLevels(levels: readonly ServedLevel[], body: SearchSiteBody): ServedLevel[] {
  const known = new Set(levels.flatMap((l) => l.siteSpaces.map((s) => s.id)));
  const check = (field: string, ids: readonly string[]) => {
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw notFound(`${field}: the site shows no site space ${JSON.stringify(unknown.slice(0, 64))}`);
    return new Set(ids);
  };
  const keep = (wanted: (level: ServedLevel, id: string, isDefault: boolean) => boolean) =>
    levels.flatMap((level) => {
      const siteSpaces = level.siteSpaces.filter((s) => wanted(level, s.id, s.default));
      return siteSpaces.length > 0 ? [{ ...level, siteSpaces }] : [];
    });
  const { scope } = body;
  if (scope?.mode === 'specific' || (!scope && body.mode === 'specific') || (!scope && !body.mode && body.siteSpaceIds)) {
    const field = scope ? 'scope.siteSpaceIds' : 'siteSpaceIds';
    const ids = scope ? scope.siteSpaceIds : body.siteSpaceIds;
    if (!ids) throw invalid(`${field}: required with mode specific`);
    const named = check(field, ids);
    return keep((_, id) => named.has(id));
  }
  if (scope?.mode === 'default' || (!scope && body.mode === 'current')) {
    const field = scope ? 'scope.currentSiteSpace' : 'siteSpaceId';
    const current = scope ? scope.currentSiteSpace : body.siteSpaceId;
    if (current === undefined && !scope) throw invalid(`${field}: required with mode current`);
    if (current === undefined && scope?.restrictTo) throw invalid(`${field}: required with restrictTo`);
    if (current !== undefined) check(field, [current]);
    if (scope?.restrictTo === 'currentSiteSpace') return keep((_, id) => id === current);
    if (scope?.restrictTo === 'otherSiteSpaces') return keep((_, id, isDefault) => isDefault && id !== current);
    return keep((_, id, isDefault) => isDefault || id === current);
  }
  return [...levels];
}
