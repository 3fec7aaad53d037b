import { deciderSpec } from '@docs/kernel/testing';
import { Role } from '@docs/kernel';
import { applySiteEvent, initialSiteState, siteAggregate, SiteEvent, SiteFacts } from '../sites/site.decider';
import { overlaid } from './customization.domain';
import { siteFacts } from '../testing/site-fixtures.domain';

const site = deciderSpec(siteAggregate);
const ids = { siteId: 'st1', organizationId: 'o1' };
const as = (role: Role | null): SiteFacts => siteFacts(role);
const created: SiteEvent = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } };
const added: SiteEvent = { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'ss1', spaceId: 'sp1', sectionId: null, path: 'guide' } };
const settings = { title: 'Docs', styling: { theme: 'bold' } };
const updated: SiteEvent = { type: 'SiteCustomizationUpdated', data: { ...ids, settings } };
const overridden = (changes: Record<string, unknown>): SiteEvent => ({
  type: 'SiteSpaceCustomizationOverridden',
  data: { ...ids, siteSpaceId: 'ss1', changes },
});

describe('site customization decisions', () => {
  it('replaces the site customization; the same again records nothing', () => {
    site.given([created]).when({ type: 'UpdateSiteCustomization', settings }, as('create')).then([updated]);
    site
      .given([created, updated])
      .when({ type: 'UpdateSiteCustomization', settings: { ...settings } }, as('admin'))
      .then([]);
  });

  it('overrides a site space; changes that leave the override as it is record nothing', () => {
    const changes = { styling: { theme: 'muted' } };
    site
      .given([created, added])
      .when({ type: 'OverrideSiteSpaceCustomization', siteSpaceId: 'ss1', changes }, as('admin'))
      .then([overridden(changes)]);
    site
      .given([created, added, overridden(changes)])
      .when({ type: 'OverrideSiteSpaceCustomization', siteSpaceId: 'ss1', changes }, as('admin'))
      .then([]);
  });

  it('removes an override only when there is one', () => {
    const remove = { type: 'DeleteSiteSpaceCustomization' as const, siteSpaceId: 'ss1' };
    site.given([created, added]).when(remove, as('admin')).then([]);
    site
      .given([created, added, overridden({ title: 'Guide' })])
      .when(remove, as('admin'))
      .then([{ type: 'SiteSpaceCustomizationRemoved', data: { ...ids, siteSpaceId: 'ss1' } }]);
  });

  it('refuses non-managers and unknown site spaces', () => {
    site
      .given([created])
      .when({ type: 'UpdateSiteCustomization', settings }, as('edit'))
      .thenFails('forbidden', /customizing a site needs/);
    site
      .given([created])
      .when({ type: 'OverrideSiteSpaceCustomization', siteSpaceId: 'nope', changes: {} }, as('admin'))
      .thenFails('not_found');
  });

  it('folds overrides: sections merge, null resets, a site space that leaves takes its override', () => {
    const state = [
      created,
      added,
      updated,
      overridden({ styling: { theme: 'muted', sidebar: { list: 'pill' } } }),
      overridden({ styling: { theme: null } }),
    ].reduce((s, e) => applySiteEvent(s, e, '2026-01-01T00:00:00.000Z'), initialSiteState());
    expect(state.customization?.overrides).toEqual([
      { siteSpaceId: 'ss1', override: { styling: { sidebar: { list: 'pill' } } }, updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    const gone = applySiteEvent(state, { type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: 'ss1' } }, '2026-01-02T00:00:00.000Z');
    expect(gone.customization?.overrides).toEqual([]);
    expect(gone.customization?.settings).toEqual(settings);
  });

  it('replaces values that are not sections whole', () => {
    expect(
      overlaid({ header: { links: [1, 2], preset: 'bold' }, favicon: { emoji: '🎉' } }, { header: { links: [3] }, favicon: { icon: 'x' } }),
    ).toEqual({
      header: { links: [3], preset: 'bold' },
      favicon: { icon: 'x' },
    });
  });
});
