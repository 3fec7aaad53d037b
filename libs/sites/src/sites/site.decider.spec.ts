import { deciderSpec } from '@docs/kernel/testing';
import { Role } from '@docs/kernel';
import { siteAggregate, SiteEvent, SiteFacts, pathOf, withDefaults } from './site.decider';
import { siteFacts } from '../testing/site-fixtures.domain';

const site = deciderSpec(siteAggregate);
const ids = { siteId: 'st1', organizationId: 'o1' };
const spaces = (): SiteFacts['spaces'] =>
  new Map([
    ['sp1', { title: 'Getting Started' }],
    ['sp2', { title: 'API' }],
    ['sp3', { title: 'API' }],
    ['hidden', null],
  ]);
const as = (role: Role | null, extra: Partial<SiteFacts> = {}): SiteFacts => siteFacts(role, { spaces: spaces(), ...extra });
const created: SiteEvent = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } };
const added = (siteSpaceId: string, spaceId: string, path: string): SiteEvent => ({
  type: 'SiteSpaceAdded',
  data: { ...ids, siteSpaceId, spaceId, sectionId: null, path },
});

describe('site decider', () => {
  describe('CreateSite', () => {
    const create = {
      type: 'CreateSite' as const,
      siteId: 'st1',
      siteType: 'basic' as const,
      title: 'Docs',
      visibility: 'public' as const,
      spaces: [],
    };
    /** CreateSite with these site spaces, each `[siteSpaceId, spaceId]`. */
    const createWith = (...spaces: [string, string][]) => ({
      ...create,
      spaces: spaces.map(([siteSpaceId, spaceId]) => ({ siteSpaceId, spaceId })),
    });

    it('creates the site with its spaces at the root level, paths from their titles, each free', () => {
      site
        .given([])
        .when(createWith(['a', 'sp1'], ['b', 'sp2']), as('create'))
        .then([created, added('a', 'sp1', 'getting-started'), added('b', 'sp2', 'api')]);
    });

    it('refuses non-managers, invisible or repeated spaces, bad titles and a second creation', () => {
      site
        .given([])
        .when(create, as('edit'))
        .thenFails('forbidden', /creating a site needs the admin or create role/);
      site.given([]).when(create, as(null)).thenFails('forbidden');
      site
        .given([])
        .when(createWith(['a', 'hidden']), as('admin'))
        .thenFails('invalid', /spaces\[0\]: no space hidden/);
      site
        .given([])
        .when(createWith(['a', 'sp1'], ['b', 'sp1']), as('admin'))
        .thenFails('invalid', /named twice/);
      site
        .given([])
        .when({ ...create, title: '  ' }, as('admin'))
        .thenFails('invalid', /blank/);
      site.given([created]).when(create, as('admin')).thenFails('conflict');
    });
  });

  describe('the structure', () => {
    it('adds at the end of the root level with a free path, and folds one default per level', () => {
      site
        .given([created, added('a', 'sp1', 'getting-started')])
        .when({ type: 'AddSpaceToSite', siteSpaceId: 'b', spaceId: 'sp1' }, as('admin'))
        .then([added('b', 'sp1', 'getting-started-2')]);
      const state = site.given([created, added('a', 'sp1', 'x'), added('b', 'sp2', 'y')]).state();
      expect(state.siteSpaces.map((s) => s.default)).toEqual([true, false]);
    });

    it('sets the default, refuses one not at the root, and promotes the first when the default goes', () => {
      const given = [created, added('a', 'sp1', 'x'), added('b', 'sp2', 'y')];
      site
        .given(given)
        .when({ type: 'UpdateSite', changes: {}, defaultSiteSpace: 'b' }, as('admin'))
        .then([{ type: 'SiteDefaultSiteSpaceSet', data: { ...ids, siteSpaceId: 'b' } }]);
      site.given(given).when({ type: 'UpdateSite', changes: {}, defaultSiteSpace: 'a' }, as('admin')).thenNothing();
      site
        .given(given)
        .when({ type: 'UpdateSite', changes: {}, defaultSiteSpace: 'z' }, as('admin'))
        .thenFails('invalid', /defaultSiteSpace: no site space z/);
      const state = site
        .given([
          ...given,
          { type: 'SiteDefaultSiteSpaceSet', data: { ...ids, siteSpaceId: 'b' } },
          { type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: 'b' } },
        ])
        .state();
      expect(state.siteSpaces.map((s) => [s.id, s.default])).toEqual([['a', true]]);
    });

    it('changes path (409 when taken at the level), condition and space; the same values record nothing', () => {
      const given = [created, added('a', 'sp1', 'x'), added('b', 'sp2', 'y')];
      site
        .given(given)
        .when({ type: 'UpdateSiteSpace', siteSpaceId: 'b', path: 'z', condition: 'true', spaceId: 'sp1' }, as('admin'))
        .then([
          { type: 'SiteSpaceUpdated', data: { ...ids, siteSpaceId: 'b', changes: { path: 'z', condition: 'true', spaceId: 'sp1' } } },
        ]);
      site
        .given(given)
        .when({ type: 'UpdateSiteSpace', siteSpaceId: 'b', path: 'x' }, as('admin'))
        .thenFails('conflict', /path x/);
      site.given(given).when({ type: 'UpdateSiteSpace', siteSpaceId: 'b', path: 'y', condition: null }, as('admin')).thenNothing();
      site
        .given(given)
        .when({ type: 'UpdateSiteSpace', siteSpaceId: 'b', spaceId: 'hidden' }, as('admin'))
        .thenFails('invalid', /spaceId: no space hidden/);
      site
        .given(given)
        .when({ type: 'UpdateSiteSpace', siteSpaceId: 'q' }, as('admin'))
        .thenFails('not_found', /site space not found/);
    });

    it('records site spaces the read model dropped (their space went) before deciding without them', () => {
      const given = [created, added('a', 'sp1', 'x'), added('b', 'sp2', 'y')];
      site
        .given(given)
        .when({ type: 'AddSpaceToSite', siteSpaceId: 'c', spaceId: 'sp2' }, as('admin', { dropped: ['a'] }))
        .then([{ type: 'SiteSpacesDetached', data: { ...ids, siteSpaceIds: ['a'] } }, added('c', 'sp2', 'api')]);
      site
        .given([...given, { type: 'SiteSpacesDetached', data: { ...ids, siteSpaceIds: ['a'] } }])
        .when({ type: 'PublishSite' }, as('admin', { dropped: ['a'] }))
        .then([{ type: 'SitePublished', data: ids }]);
    });
  });

  describe('settings, publication, deletion', () => {
    it('records only the settings that change, publishes and unpublishes once, and deletes', () => {
      site
        .given([created])
        .when({ type: 'UpdateSite', changes: { title: 'Docs', basename: 'api', proxy: null } }, as('create'))
        .then([{ type: 'SiteUpdated', data: { ...ids, changes: { basename: 'api' } } }]);
      site
        .given([created])
        .when({ type: 'PublishSite' }, as('admin'))
        .then([{ type: 'SitePublished', data: ids }]);
      site
        .given([created, { type: 'SitePublished', data: ids }])
        .when({ type: 'PublishSite' }, as('admin'))
        .thenNothing();
      site.given([created]).when({ type: 'UnpublishSite' }, as('admin')).thenNothing();
      site
        .given([created])
        .when({ type: 'DeleteSite' }, as('admin'))
        .then([{ type: 'SiteDeleted', data: ids }]);
    });

    it('finds the site only in its organization and never once deleted; refuses non-managers', () => {
      site
        .given([created])
        .when({ type: 'PublishSite' }, as('admin', { organizationId: 'o2' }))
        .thenFails('not_found', /site not found/);
      site
        .given([created, { type: 'SiteDeleted', data: ids }])
        .when({ type: 'PublishSite' }, as('admin'))
        .thenFails('not_found');
      site
        .given([created])
        .when({ type: 'DeleteSite' }, as('read'))
        .thenFails('forbidden', /deleting a site/);
    });

    it('sets the visitor key (a generated one when none), the login and logout URLs, records only changes, managers only', () => {
      const key = 'k'.repeat(32);
      const generatedKey = 'g'.repeat(43);
      const auth = (props: object) => ({ type: 'UpdateSiteVisitorAuth' as const, generatedKey, ...props });
      const keyed: SiteEvent = { type: 'SiteVisitorAuthUpdated', data: { ...ids, changes: { privateKey: key } } };
      site
        .given([created])
        .when(auth({ fallbackURL: 'https://login.example.com' }), as('admin'))
        .then([
          {
            type: 'SiteVisitorAuthUpdated',
            data: { ...ids, changes: { privateKey: generatedKey, fallbackURL: 'https://login.example.com' } },
          },
        ]);
      site
        .given([created])
        .when(auth({ privateKey: 'short' }), as('admin'))
        .thenFails('invalid', /32 to 256/);
      site
        .given([created])
        .when(auth({ privateKey: key, logoutURL: 'ftp://x.example.com' }), as('admin'))
        .thenFails('invalid', /logoutURL must be an http or https URL/);
      site
        .given([created])
        .when(auth({ privateKey: key, fallbackURL: 'https://login.example.com' }), as('admin'))
        .then([
          { type: 'SiteVisitorAuthUpdated', data: { ...ids, changes: { privateKey: key, fallbackURL: 'https://login.example.com' } } },
        ]);
      site
        .given([created, keyed])
        .when(auth({ privateKey: key, fallbackURL: null, logoutURL: null }), as('admin'))
        .thenNothing();
      site
        .given([created, keyed])
        .when(auth({ logoutURL: 'https://login.example.com/out' }), as('admin'))
        .then([{ type: 'SiteVisitorAuthUpdated', data: { ...ids, changes: { logoutURL: 'https://login.example.com/out' } } }]);
      site
        .given([created])
        .when(auth({ privateKey: key }), as('edit'))
        .thenFails('forbidden', /visitor authentication/);
    });

    it('regenerates the visitor key as a new fact, only on a site with one, managers only', () => {
      const keyed: SiteEvent = { type: 'SiteVisitorAuthUpdated', data: { ...ids, changes: { privateKey: 'k'.repeat(32) } } };
      const regenerate = { type: 'RegenerateSiteVisitorAuthKey' as const, generatedKey: 'n'.repeat(43) };
      site
        .given([created, keyed])
        .when(regenerate, as('admin'))
        .then([{ type: 'SiteVisitorAuthKeyRegenerated', data: { ...ids, privateKey: 'n'.repeat(43) } }]);
      site
        .given([created])
        .when(regenerate, as('admin'))
        .thenFails('not_found', /no visitor authentication/);
      site
        .given([created, keyed])
        .when(regenerate, as('edit'))
        .thenFails('forbidden', /visitor authentication key/);
    });
  });
});

describe('sections and groups', () => {
  const given = [created, added('a', 'sp1', 'getting-started'), added('b', 'sp2', 'api')];
  const section = (sectionId: string, title: string, path: string): SiteEvent => ({
    type: 'SiteSectionAdded',
    data: { ...ids, sectionId, title, path, icon: null, groupId: null },
  });
  const inSection = (siteSpaceId: string, spaceId: string, sectionId: string, path: string): SiteEvent => ({
    type: 'SiteSpaceAdded',
    data: { ...ids, siteSpaceId, spaceId, sectionId, path },
  });

  it('lets the first section take the root site spaces (their default kept), the new site space first', () => {
    const events = site
      .given(given)
      .when({ type: 'AddSectionToSite', sectionId: 's1', siteSpaceId: 'n', spaceId: 'sp1', title: null }, as('admin'));
    events.then([
      section('s1', 'Getting Started', 'getting-started'),
      { type: 'SiteSpacesMoved', data: { ...ids, siteSpaceIds: ['a', 'b'], sectionId: 's1' } },
    ]);
    const third: SiteEvent[] = [
      section('s1', 'Docs', 'docs'),
      { type: 'SiteSpacesMoved', data: { ...ids, siteSpaceIds: ['a', 'b'], sectionId: 's1' } },
      inSection('n', 'sp3', 's1', 'api-2'),
      {
        type: 'SiteStructureItemMoved',
        data: { ...ids, item: { type: 'site-space', id: 'n' }, target: { type: 'site-space', id: 'a' }, place: 'before' },
      },
    ];
    site
      .given(given)
      .when({ type: 'AddSectionToSite', sectionId: 's1', siteSpaceId: 'n', spaceId: 'sp3', title: 'Docs' }, as('admin'))
      .then(third);
    const state = site.given([...given, ...third]).state();
    expect(state.siteSpaces.map((s) => [s.id, s.sectionId, s.default])).toEqual([
      ['n', 's1', false],
      ['a', 's1', true],
      ['b', 's1', false],
    ]);
    expect(state.sections.map((s) => [s.id, s.default])).toEqual([['s1', true]]);
  });

  it('puts a new section at the end of a section group when asked (GitBook siteSectionGroupId); an unknown group is 404', () => {
    const one = [created, section('s1', 'One', 'one'), inSection('a', 'sp1', 's1', 'x')];
    const group: SiteEvent = {
      type: 'SiteSectionGroupAdded',
      data: { ...ids, groupId: 'g1', title: 'Group', icon: null, sectionIds: ['s1'] },
    };
    const add = { type: 'AddSectionToSite', sectionId: 's2', siteSpaceId: 'n', spaceId: 'sp2', title: 'Two', groupId: 'g1' } as const;
    const events: SiteEvent[] = [
      section('s2', 'Two', 'two'),
      inSection('n', 'sp2', 's2', 'api'),
      { type: 'SiteSectionGrouped', data: { ...ids, groupId: 'g1', sectionId: 's2' } },
    ];
    site
      .given([...one, group])
      .when(add, as('admin'))
      .then(events);
    expect(
      site
        .given([...one, group, ...events])
        .state()
        .groups.map((g) => [g.id, g.sectionIds]),
    ).toEqual([['g1', ['s1', 's2']]]);
    site
      .given(one)
      .when(add, as('admin'))
      .thenFails('not_found', /site section group not found/);
  });

  it('deletes a section with its site spaces, and the last one gives them back to the root', () => {
    const two = [
      created,
      section('s1', 'One', 'one'),
      inSection('a', 'sp1', 's1', 'x'),
      section('s2', 'Two', 'two'),
      inSection('b', 'sp2', 's2', 'y'),
    ];
    site
      .given(two)
      .when({ type: 'DeleteSiteSection', sectionId: 's1' }, as('admin'))
      .then([{ type: 'SiteSectionRemoved', data: { ...ids, sectionId: 's1', siteSpaceIds: ['a'] } }]);
    const one = [...two, { type: 'SiteSectionRemoved', data: { ...ids, sectionId: 's1', siteSpaceIds: ['a'] } } as SiteEvent];
    expect(
      site
        .given(one)
        .state()
        .sections.map((s) => [s.id, s.default]),
    ).toEqual([['s2', true]]);
    site
      .given(one)
      .when({ type: 'DeleteSiteSection', sectionId: 's2' }, as('admin'))
      .then([
        { type: 'SiteSpacesMoved', data: { ...ids, siteSpaceIds: ['b'], sectionId: null } },
        { type: 'SiteSectionRemoved', data: { ...ids, sectionId: 's2', siteSpaceIds: [] } },
      ]);
    site
      .given(one)
      .when({ type: 'DeleteSiteSpace', siteSpaceId: 'b' }, as('admin'))
      .thenFails('invalid', /a section keeps at least one site space/);
    site.given(one).when({ type: 'UpdateSiteSection', sectionId: 's2', path: 'two' }, as('admin')).thenNothing();
    site
      .given(two)
      .when({ type: 'UpdateSiteSection', sectionId: 's2', path: 'one' }, as('admin'))
      .thenFails('conflict', /path one/);
  });

  it('groups sections, ungroups them after the group, and puts them back in its place when it goes', () => {
    const three = [created, section('s1', 'One', 'one'), section('s2', 'Two', 'two'), section('s3', 'Three', 'three')];
    const grouped: SiteEvent = {
      type: 'SiteSectionGroupAdded',
      data: { ...ids, groupId: 'g', title: 'G', icon: null, sectionIds: ['s1', 's3'] },
    };
    site
      .given(three)
      .when({ type: 'AddSectionGroupToSite', groupId: 'g', title: 'G', sectionIds: ['s1', 's3'] }, as('admin'))
      .then([grouped]);
    site
      .given(three)
      .when({ type: 'AddSectionGroupToSite', groupId: 'g', title: 'G', sectionIds: ['s9'] }, as('admin'))
      .thenFails('invalid', /sections\[0\]: no section s9/);
    expect(site.given([...three, grouped]).state().top).toEqual([
      { type: 'site-section', id: 's2' },
      { type: 'site-section-group', id: 'g' },
    ]);
    const out: SiteEvent = { type: 'SiteSectionUngrouped', data: { ...ids, groupId: 'g', sectionId: 's1' } };
    /** The ids at the top level of the site's structure after the events. */
    const topAfter = (events: SiteEvent[]) =>
      site
        .given(events)
        .state()
        .top.map((t) => t.id);
    expect(topAfter([...three, grouped, out])).toEqual(['s2', 'g', 's1']);
    const removed: SiteEvent = { type: 'SiteSectionGroupRemoved', data: { ...ids, groupId: 'g' } };
    expect(topAfter([...three, grouped, removed])).toEqual(['s2', 's1', 's3']);
    site
      .given([...three, grouped])
      .when({ type: 'RemoveSectionFromGroup', groupId: 'g', sectionId: 's2' }, as('admin'))
      .thenFails('not_found', /not found in the group/);
  });

  it('moves items among their siblings, and refuses other levels, unknown items and both positions', () => {
    const three = [
      created,
      section('s1', 'One', 'one'),
      section('s2', 'Two', 'two'),
      inSection('a', 'sp1', 's1', 'x'),
      inSection('b', 'sp2', 's2', 'y'),
    ];
    const move = (item: { type: 'site-space' | 'site-section' | 'site-section-group'; id: string }, position: object) => ({
      type: 'MoveSiteStructureItem' as const,
      item,
      position,
    });
    site
      .given(three)
      .when(move({ type: 'site-section', id: 's2' }, { before: { type: 'site-section', id: 's1' } }), as('admin'))
      .then([
        {
          type: 'SiteStructureItemMoved',
          data: { ...ids, item: { type: 'site-section', id: 's2' }, target: { type: 'site-section', id: 's1' }, place: 'before' },
        },
      ]);
    site
      .given(three)
      .when(move({ type: 'site-space', id: 'a' }, { after: { type: 'site-space', id: 'b' } }), as('admin'))
      .thenFails('invalid', /not at the level/);
    site
      .given(three)
      .when(move({ type: 'site-space', id: 'z' }, {}), as('admin'))
      .thenFails('not_found', /site space not found/);
    site
      .given(three)
      .when(
        move({ type: 'site-section', id: 's1' }, { before: { type: 'site-section', id: 's2' }, after: { type: 'site-section', id: 's2' } }),
        as('admin'),
      )
      .thenFails('invalid', /not both/);
    site
      .given(three)
      .when(move({ type: 'site-section', id: 's1' }, {}), as('read'))
      .thenFails('forbidden');
  });
});

describe('paths and defaults', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['Ça va? Très bien!', 'ca-va-tres-bien'],
    ['!!!', 'space'],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('pathOf(%j) is %j', (title, slug) => expect(pathOf(title)).toBe(slug));

  it('keeps exactly one default per level', () => {
    const entry = (id: string, sectionId: string | null, isDefault: boolean) => ({
      id,
      spaceId: 's',
      sectionId,
      path: id,
      condition: null,
      default: isDefault,
    });
    expect(
      withDefaults([entry('a', null, false), entry('b', null, true), entry('c', null, true), entry('d', 'x', false)]).map((e) => e.default),
    ).toEqual([false, true, false, true]);
  });
});
