import { projectionSpecPerTest } from '@docs/platform/testing';
import { spaceCreated as createdInContent } from '@docs/content/testing';
import { sitesProjection } from './sites.projection';
import {
  SITE_CONTENT_SPACES,
  SITE_SECTION_GROUPS,
  SITE_SECTIONS,
  SITE_SHARE_LINKS,
  SITE_SPACES,
  SITES,
  SitesReadModel,
} from './sites.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const ids = { siteId: 'st1', organizationId: 'o1' };
const at = (occurredAt: string, ...events: object[]) => events.map((e) => ({ ...e, metadata: { occurredAt, actor: 'u1' } })) as any[];
const spaceCreated = (spaceId: string, title: string) => createdInContent({ spaceId, title, revisionId: 'r1' });
const added = (siteSpaceId: string, spaceId: string, path: string) => ({
  type: 'SiteSpaceAdded',
  data: { ...ids, siteSpaceId, spaceId, sectionId: null, path },
});

describe('sites projection', () => {
  const spec = projectionSpecPerTest(sitesProjection);
  const read = () => new SitesReadModel(spec.readModels);

  it('keeps the site with its counts and filters, and its site spaces in order with one default', async () => {
    await spec.given(
      at(
        T1,
        spaceCreated('sp1', 'One'),
        spaceCreated('sp2', 'Two'),
        { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } },
        added('a', 'sp1', 'one'),
        added('b', 'sp2', 'two'),
      ),
    );
    expect(await spec.readModels.get(SITES, 'st1')).toMatchObject({
      organizationId: 'o1',
      title: 'Docs',
      published: false,
      createdAt: T1,
      siteSpaces: 2,
      spaceIds: ['sp1', 'sp2'],
      pendingDrops: [],
    });
    expect((await read().siteSpaces('st1', undefined, { limit: 10 })).items.map((s) => [s.id, s.position, s.default])).toEqual([
      ['a', 0, true],
      ['b', 1, false],
    ]);
    await spec.given(at(T2, { type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: 'a' } }, { type: 'SitePublished', data: ids }));
    expect(await spec.readModels.get(SITE_SPACES, 'a')).toBeNull();
    expect(await spec.readModels.get(SITE_SPACES, 'b')).toMatchObject({ default: true, position: 0 });
    expect(await spec.readModels.get(SITES, 'st1')).toMatchObject({ published: true, siteSpaces: 1, spaceIds: ['sp2'] });
  });

  it('keeps the adaptive schema in the site state, with when it was set', async () => {
    const jsonSchema = { type: 'object', additionalProperties: false, properties: { beta: { type: 'boolean', description: 'Beta' } } };
    await spec.given(at(T1, { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } }));
    expect((await spec.readModels.get(SITES, 'st1'))!.state.adaptiveSchema).toBeNull();
    await spec.given(at(T2, { type: 'SiteAdaptiveSchemaUpdated', data: { ...ids, jsonSchema } }));
    expect((await spec.readModels.get(SITES, 'st1'))!.state.adaptiveSchema).toEqual({ jsonSchema, updatedAt: T2 });
  });

  it(
    'drops the site spaces of a deleted space, ' + 'remembers them until the site records it, and deletes everything with the site',
    async () => {
      await spec.given(
        at(
          T1,
          spaceCreated('sp1', 'One'),
          { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } },
          added('a', 'sp1', 'one'),
          added('b', 'sp1', 'one-2'),
        ),
      );
      await spec.given(at(T2, { type: 'SpaceDeleted', data: { spaceId: 'sp1', organizationId: 'o1' } }));
      expect(await spec.readModels.get(SITE_SPACES, 'a')).toBeNull();
      expect(await spec.readModels.get(SITES, 'st1')).toMatchObject({ siteSpaces: 0, pendingDrops: ['a', 'b'] });
      expect(await spec.readModels.get(SITE_CONTENT_SPACES, 'sp1')).toMatchObject({ status: 'deleted' });
      await spec.given(at(T2, { type: 'SiteSpacesDetached', data: { ...ids, siteSpaceIds: ['a', 'b'] } }));
      expect(await spec.readModels.get(SITES, 'st1')).toMatchObject({ pendingDrops: [] });
      await spec.given(at(T2, { type: 'SiteDeleted', data: ids }));
      expect(await spec.readModels.get(SITES, 'st1')).toBeNull();
    },
  );

  it('keeps the counters of the spaces it shows as content does', async () => {
    await spec.given(
      at(T1, spaceCreated('sp1', 'One'), {
        type: 'ChangeRequestCreated',
        data: { spaceId: 'sp1', organizationId: 'o1', changeRequestId: 'c1' },
      }),
    );
    await spec.given(
      at(
        T2,
        { type: 'ChangeRequestMerged', data: { spaceId: 'sp1', organizationId: 'o1', changeRequestId: 'c1', from: 'open' } },
        { type: 'CommentPosted', data: { commentId: 'k', spaceId: 'sp1', revision: 'r1', markdown: 'x' } },
      ),
    );
    expect(await spec.readModels.get(SITE_CONTENT_SPACES, 'sp1')).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, comments: 1 });
  });

  it("keeps the merge rules of the spaces it shows, so a site's space answers them as content does", async () => {
    const rules = { type: 'rules', rules: [{ type: 'require_approval', count: 1 }] };
    await spec.given(at(T1, spaceCreated('sp1', 'One')));
    expect((await spec.readModels.get<{ id: string; mergeRules?: unknown }>(SITE_CONTENT_SPACES, 'sp1'))?.mergeRules).toBeUndefined();
    await spec.given(at(T2, { type: 'SpaceMergeRulesChanged', data: { spaceId: 'sp1', organizationId: 'o1', mergeRules: rules } }));
    expect(await spec.readModels.get(SITE_CONTENT_SPACES, 'sp1')).toMatchObject({ mergeRules: rules, updatedAt: T2 });
  });

  it('orders site spaces by section, keeps section and group positions, and share links', async () => {
    const section = (sectionId: string, title: string) => ({
      type: 'SiteSectionAdded',
      data: { ...ids, sectionId, title, path: title.toLowerCase(), icon: null, groupId: null },
    });
    const inSection = (siteSpaceId: string, sectionId: string) => ({
      type: 'SiteSpaceAdded',
      data: { ...ids, siteSpaceId, spaceId: 'sp1', sectionId, path: siteSpaceId },
    });
    await spec.given(
      at(
        T1,
        spaceCreated('sp1', 'One'),
        { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'share-link' } },
        section('s1', 'One'),
        section('s2', 'Two'),
        inSection('b', 's2'),
        inSection('a', 's1'),
        {
          type: 'SiteStructureItemMoved',
          data: { ...ids, item: { type: 'site-section', id: 's2' }, target: { type: 'site-section', id: 's1' }, place: 'before' },
        },
        { type: 'SiteSectionGroupAdded', data: { ...ids, groupId: 'g', title: 'G', icon: null, sectionIds: ['s1'] } },
        { type: 'SiteShareLinkCreated', data: { ...ids, shareLinkId: 'l1', name: 'L', key: 'k' } },
      ),
    );
    expect((await read().siteSpaces('st1', undefined, { limit: 10 })).items.map((s) => [s.id, s.sectionId, s.position])).toEqual([
      ['b', 's2', 0],
      ['a', 's1', 1],
    ]);
    expect((await read().sections('st1', { limit: 10 })).items.map((s) => [s.id, s.position])).toEqual([
      ['s2', 0],
      ['s1', 1],
    ]);
    expect(await spec.readModels.get(SITE_SECTION_GROUPS, 'g')).toMatchObject({ siteId: 'st1', position: 0 });
    expect(await spec.readModels.get(SITE_SHARE_LINKS, 'l1')).toMatchObject({ siteId: 'st1', createdAt: T1 });
    await spec.given(
      at(
        T2,
        { type: 'SiteSectionRemoved', data: { ...ids, sectionId: 's1', siteSpaceIds: ['a'] } },
        { type: 'SiteShareLinkDeleted', data: { ...ids, shareLinkId: 'l1' } },
      ),
    );
    expect(await spec.readModels.get(SITE_SECTIONS, 's1')).toBeNull();
    expect(await spec.readModels.get(SITE_SPACES, 'a')).toBeNull();
    expect(await spec.readModels.get(SITE_SHARE_LINKS, 'l1')).toBeNull();
    expect(await spec.readModels.get(SITES, 'st1')).toMatchObject({ siteSpaces: 1 });
  });
});
