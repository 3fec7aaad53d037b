import { CustomizationTheme, SiteRedirectOrderBy } from '@gitbook/api';
import { gitbookSuite, SUITE_SECTIONS } from '../support/gitbook-client-driver';

/** Signed claims (a region, a list of products) and an unsigned one: each gives template conditions. */
const ADAPTIVE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    region: { type: 'string', enum: ['eu', 'us'], description: 'Where the reader is' },
    products: { type: 'array', description: 'Products the reader owns', items: { type: 'string', description: 'A product' } },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      additionalProperties: false,
      properties: { isPreview: { type: 'boolean', description: 'Preview reader' } },
    },
  },
};

/**
 * GitBook's own client drives every contract operation of sites, their sections, section groups,
 * site spaces and share links, and each answer validates against GitBook's schema for that
 * operation and status (the served document's, for the two GitBook has not).
 */
describe('GitBook client: sites, sections, section groups, site spaces, share links', () => {
  const { driver: gitbook, operation, answer, made, world } = gitbookSuite('gitbook-sites');
  const org = () => world().organizationId;
  const site = () => world().ids.siteId!;
  const space = () => world().ids.spaceId!;
  const sitesPath = () => `/v1/orgs/${org()}/sites`;
  beforeAll(() => richerSite());

  const newSection = (title: string) => made('POST', `${sitesPath()}/${site()}/sections`, { spaceId: space(), title });
  const newGroup = (title: string) => made('POST', `${sitesPath()}/${site()}/section-groups`, { title });

  /**
   * Beyond the world's site: adaptive content with a schema, a section group holding a section,
   * a site space shown under a condition, a share-link visibility, a basename, and published.
   */
  async function richerSite(): Promise<void> {
    const path = `${sitesPath()}/${site()}`;
    await made('PUT', `${path}/adaptive-schema`, { jsonSchema: ADAPTIVE_SCHEMA });
    await made('PATCH', path, { adaptiveContent: { enabled: true }, visibility: 'share-link', basename: 'handbook' });
    const grouped = await newSection('Grouped at start');
    await made('POST', `${path}/section-groups/${world().ids.siteSectionGroupId}/sections`, { sectionId: grouped.id });
    await made('PATCH', `${path}/site-spaces/${world().ids.siteSpaceId}`, { condition: 'visitor.claims.unsigned.isPreview' });
    await made('POST', `${path}/publish`);
  }

  describe('Sites', () => {
    operation('listSites', () => answer(() => gitbook.api.orgs.listSites(org(), { limit: 5 })));
    operation('createSite', () => answer(() => gitbook.api.orgs.createSite(org(), { title: 'Handbook', spaces: [space()] })));
    operation('getSiteById', () => answer(() => gitbook.api.orgs.getSiteById(org(), site())));
    operation('deleteSiteById', async () => {
      const doomed = await made('POST', sitesPath(), { title: 'Retired' });
      await answer(() => gitbook.api.orgs.deleteSiteById(org(), doomed.id));
    });
    operation('updateSiteById', () => answer(() => gitbook.api.orgs.updateSiteById(org(), site(), { title: 'GitBook Sites' })));
    operation('searchSiteContent', () =>
      answer(() => gitbook.api.orgs.searchSiteContent(org(), site(), { query: 'page', scope: { mode: 'all' } }, { limit: 5 })),
    );
    operation('getSiteAdaptiveSchema', () => answer(() => gitbook.api.orgs.getSiteAdaptiveSchema(org(), site())));
    operation('updateSiteAdaptiveSchema', () =>
      answer(() => gitbook.api.orgs.updateSiteAdaptiveSchema(org(), site(), { jsonSchema: ADAPTIVE_SCHEMA as never })),
    );
    operation('listSiteAdaptiveTemplateConditions', () => answer(() => gitbook.api.orgs.listSiteAdaptiveTemplateConditions(org(), site())));
    operation('updateSitePublishingAuthById', () =>
      answer(() =>
        gitbook.api.orgs.updateSitePublishingAuthById(org(), site(), {
          backend: 'custom',
          fallbackURL: 'https://login.example.com/sso',
          privateKey: 'a-visitor-key-of-at-least-32-characters',
        } as never),
      ),
    );
    operation('getSitePublishingAuthById', () => answer(() => gitbook.api.orgs.getSitePublishingAuthById(org(), site())));
    operation('getPublishedContentSite', () => answer(() => gitbook.api.orgs.getPublishedContentSite(org(), site())));
    operation('regenerateSitePublishingAuthById', () => answer(() => gitbook.api.orgs.regenerateSitePublishingAuthById(org(), site())));
    const publishedUrl = async () => (await gitbook.api.orgs.getSiteById(org(), site())).data.urls.published!;
    operation('getPublishedContentByUrl', async () => {
      const url = await publishedUrl();
      await answer(() => gitbook.api.urls.getPublishedContentByUrl({ url }));
    });
    operation('resolvePublishedContentByUrl', async () => {
      const url = await publishedUrl();
      await answer(() => gitbook.api.urls.resolvePublishedContentByUrl({ url, visitor: { unsignedClaims: { isPreview: true } } }));
    });
  });

  describe('Site sections', () => {
    operation('listSiteSections', () => answer(() => gitbook.api.orgs.listSiteSections(org(), site(), { limit: 5 })));
    operation('addSectionToSite', () =>
      answer(() => gitbook.api.orgs.addSectionToSite(org(), site(), { spaceId: space(), title: 'Guides' })),
    );
    operation('updateSiteSectionById', () =>
      answer(() => gitbook.api.orgs.updateSiteSectionById(org(), site(), world().ids.siteSectionId!, { title: 'Reference' })),
    );
    operation('deleteSiteSectionById', async () => {
      const doomed = await newSection('Retired');
      await answer(() => gitbook.api.orgs.deleteSiteSectionById(org(), site(), doomed.id));
    });
    operation('moveSiteSection', async () => {
      const section = await newSection('Moving');
      await answer(() =>
        gitbook.api.orgs.moveSiteSection(org(), site(), section.id, {
          position: { before: { type: 'site-section', siteSection: world().ids.siteSectionId! } } as never,
        }),
      );
    });
  });

  describe('Site section groups', () => {
    operation('listSiteSectionGroups', () => answer(() => gitbook.api.orgs.listSiteSectionGroups(org(), site(), { limit: 5 })));
    operation('addSectionGroupToSite', () => answer(() => gitbook.api.orgs.addSectionGroupToSite(org(), site(), { title: 'Products' })));
    operation('updateSiteSectionGroupById', () =>
      answer(() => gitbook.api.orgs.updateSiteSectionGroupById(org(), site(), world().ids.siteSectionGroupId!, { title: 'Platforms' })),
    );
    operation('deleteSiteSectionGroupById', async () => {
      const doomed = await newGroup('Retired');
      await answer(() => gitbook.api.orgs.deleteSiteSectionGroupById(org(), site(), doomed.id));
    });
    // Not in GitBook's document: sent with the client's own request().
    operation('addSiteSectionToGroup', async () => {
      const section = await newSection('Grouped');
      await answer(() =>
        gitbook.api.request({
          method: 'POST',
          path: `/orgs/${org()}/sites/${site()}/section-groups/${world().ids.siteSectionGroupId}/sections`,
          body: { sectionId: section.id },
          secure: true,
          type: 'application/json' as never,
          format: 'json',
        }),
      );
    });
    operation('removeSiteSectionFromGroup', async () => {
      const group = await newGroup('Holding');
      const section = await newSection('Held');
      await made('POST', `${sitesPath()}/${site()}/section-groups/${group.id}/sections`, { sectionId: section.id });
      await answer(() =>
        gitbook.api.request({
          method: 'DELETE',
          path: `/orgs/${org()}/sites/${site()}/section-groups/${group.id}/sections/${section.id}`,
          secure: true,
        }),
      );
    });
    operation('moveSiteSectionGroup', async () => {
      const group = await newGroup('Moving');
      await answer(() =>
        gitbook.api.orgs.moveSiteSectionGroup(org(), site(), group.id, {
          position: { before: { type: 'site-section-group', id: world().ids.siteSectionGroupId! } },
        }),
      );
    });
  });

  describe('Site spaces', () => {
    const newSiteSpace = async () => {
      const other = await made('POST', `/v1/orgs/${org()}/spaces`, { title: 'Another space' });
      return made('POST', `${sitesPath()}/${site()}/site-spaces`, { spaceId: other.id });
    };
    operation('listSiteSpaces', () => answer(() => gitbook.api.orgs.listSiteSpaces(org(), site(), { limit: 5 })));
    operation('addSpaceToSite', async () => {
      const other = await made('POST', `/v1/orgs/${org()}/spaces`, { title: 'Added space' });
      await answer(() => gitbook.api.orgs.addSpaceToSite(org(), site(), { spaceId: other.id }));
    });
    operation('updateSiteSpaceById', () =>
      answer(() => gitbook.api.orgs.updateSiteSpaceById(org(), site(), world().ids.siteSpaceId!, { path: 'handbook' })),
    );
    operation('deleteSiteSpaceById', async () => {
      const doomed = await newSiteSpace();
      await answer(() => gitbook.api.orgs.deleteSiteSpaceById(org(), site(), doomed.id));
    });
    operation('moveSiteSpace', async () => {
      const moving = await newSiteSpace();
      await answer(() =>
        gitbook.api.orgs.moveSiteSpace(org(), site(), moving.id, {
          position: { before: { type: 'site-space', siteSpace: world().ids.siteSpaceId! } } as never,
        }),
      );
    });
  });

  describe('Site share links', () => {
    operation('listSiteShareLinks', () => answer(() => gitbook.api.orgs.listSiteShareLinks(org(), site(), { limit: 5 })));
    operation('createSiteShareLink', () => answer(() => gitbook.api.orgs.createSiteShareLink(org(), site(), { name: 'Partners' })));
    operation('updateSiteShareLinkById', () =>
      answer(() => gitbook.api.orgs.updateSiteShareLinkById(org(), site(), world().ids.shareLinkId!, { active: false })),
    );
    operation('deleteSiteShareLinkById', async () => {
      const doomed = await made('POST', `${sitesPath()}/${site()}/share-links`, { name: 'Retired' });
      await answer(() => gitbook.api.orgs.deleteSiteShareLinkById(org(), site(), doomed.id));
    });
  });

  describe('Site customization', () => {
    const siteSpace = () => world().ids.siteSpaceId!;
    const settings = async () => (await gitbook.api.orgs.getSiteCustomizationById(org(), site())).data;
    operation('getSiteCustomizationById', () => answer(() => gitbook.api.orgs.getSiteCustomizationById(org(), site())));
    operation('updateSiteCustomizationById', async () => {
      const { updatedAt: _, ...current } = await settings();
      await answer(() => gitbook.api.orgs.updateSiteCustomizationById(org(), site(), { ...current, title: 'Customized' } as never));
    });
    operation('getSiteSpaceCustomizationById', () =>
      answer(() => gitbook.api.orgs.getSiteSpaceCustomizationById(org(), site(), siteSpace())),
    );
    operation('overrideSiteSpaceCustomizationById', () =>
      answer(() =>
        gitbook.api.orgs.overrideSiteSpaceCustomizationById(org(), site(), siteSpace(), { styling: { theme: CustomizationTheme.Muted } }),
      ),
    );
    operation('deleteSiteSpaceCustomizationById', () =>
      answer(() => gitbook.api.orgs.deleteSiteSpaceCustomizationById(org(), site(), siteSpace())),
    );
  });

  describe('Site redirects', () => {
    const redirect = (source: string) =>
      made('POST', `${sitesPath()}/${site()}/redirects`, { source, destination: { kind: 'external', url: 'https://example.com/docs' } });
    operation('listSiteRedirects', () =>
      answer(() => gitbook.api.orgs.listSiteRedirects(org(), site(), { limit: 5, orderBy: SiteRedirectOrderBy.Source })),
    );
    operation('createSiteRedirect', () =>
      answer(() =>
        gitbook.api.orgs.createSiteRedirect(org(), site(), {
          source: '/old-guide',
          destination: { kind: 'site-space', siteSpaceId: world().ids.siteSpaceId! },
        }),
      ),
    );
    operation('getSiteRedirectBySource', async () => {
      await redirect('/legacy/*');
      await answer(() => gitbook.api.orgs.getSiteRedirectBySource(org(), site(), { source: '/legacy/page' }));
    });
    operation('updateSiteRedirectById', async () => {
      const changing = await redirect('/to-change');
      await answer(() => gitbook.api.orgs.updateSiteRedirectById(org(), site(), changing.id, { permanent: true }));
    });
    operation('deleteSiteRedirectById', async () => {
      const doomed = await redirect('/to-delete');
      await answer(() => gitbook.api.orgs.deleteSiteRedirectById(org(), site(), doomed.id));
    });
    operation('bulkUpsertSiteRedirects', () =>
      answer(() =>
        gitbook.api.orgs.bulkUpsertSiteRedirects(org(), site(), {
          redirects: [{ source: '/bulk', destination: { kind: 'external', url: 'https://example.com/bulk' } }],
        }),
      ),
    );
  });

  it('has a test for every contract operation of its sections', () => {
    expect(gitbook.missing(SUITE_SECTIONS.sites)).toEqual([]);
  });
});
