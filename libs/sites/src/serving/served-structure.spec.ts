import { initialSiteState, SiteState } from '../sites/site.decider';
import { locate, servedLevels, siteSpaceBase } from './served-structure';

const siteSpace = (id: string, spaceId: string, sectionId: string | null, path: string, isDefault: boolean) => ({
  id,
  spaceId,
  sectionId,
  path,
  condition: null,
  default: isDefault,
});
const section = (id: string, path: string, isDefault: boolean) => ({
  id,
  title: id.toUpperCase(),
  path,
  icon: null,
  description: null,
  condition: null,
  default: isDefault,
});
const active = (...ids: string[]) => new Map(ids.map((id) => [id, { id, title: id, revision: `r-${id}`, active: true }]));

describe('the levels and site spaces readers see', () => {
  const base = initialSiteState();
  const sectioned: SiteState = {
    ...base,
    siteId: 'st1',
    organizationId: 'o1',
    settings: { ...base.settings, title: 'Docs' },
    siteSpaces: [
      siteSpace('a', 'sp1', 's1', 'guide', true),
      siteSpace('b', 'sp2', 's1', 'v2', false),
      siteSpace('c', 'sp3', 's2', 'api', true),
    ],
    sections: [section('s1', 'docs', true), section('s2', 'api', false)],
    top: [
      { type: 'site-section', id: 's1' },
      { type: 'site-section', id: 's2' },
    ],
  };

  it('locates the default level and site space, or those a path names, and what follows', () => {
    const levels = servedLevels(sectioned, active('sp1', 'sp2', 'sp3'));
    const where = (path: string) => {
      const found = locate(levels, path.split('/').filter(Boolean))!;
      return [found.level.sectionId, found.siteSpace.id, found.rest.join('/'), siteSpaceBase('/b', found.level, found.siteSpace)];
    };
    expect(where('')).toEqual(['s1', 'a', '', '/b']);
    expect(where('intro/more')).toEqual(['s1', 'a', 'intro/more', '/b']);
    expect(where('v2/intro')).toEqual(['s1', 'b', 'intro', '/b/v2']);
    expect(where('api')).toEqual(['s2', 'c', '', '/b/api']);
    expect(where('api/v2')).toEqual(['s2', 'c', 'v2', '/b/api']);
  });

  it('leaves out site spaces whose space is not in use, and levels left empty; the first left becomes the default', () => {
    const levels = servedLevels(
      sectioned,
      new Map([...active('sp2', 'sp3'), ['sp1', { id: 'sp1', title: 'sp1', revision: 'r', active: false }]]),
    );
    expect(levels.map((l) => [l.sectionId, l.default, l.siteSpaces.map((s) => [s.id, s.default, s.revision])])).toEqual([
      ['s1', true, [['b', true, 'r-sp2']]],
      ['s2', false, [['c', true, 'r-sp3']]],
    ]);
    expect(servedLevels(sectioned, active('sp3')).map((l) => [l.sectionId, l.default])).toEqual([['s2', true]]);
    expect(locate(servedLevels(sectioned, new Map()), [])).toBeNull();
  });
});
