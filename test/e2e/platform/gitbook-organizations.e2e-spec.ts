import { makeCertificate } from '../organizations/fixtures/certificate';
import { joinOrg, newPerson } from '../organizations/fixtures/org-members';
import { gitbookSuite, SUITE_SECTIONS } from '../support/gitbook-client-driver';
import { gitbookAnswerErrors } from '../support/gitbook-schema';

/**
 * GitBook's own client drives every contract operation of organizations, members, teams, single
 * sign-on, translations, OpenAPI specs and integrations, and each answer validates against
 * GitBook's schema for that operation and status (test/e2e/support/gitbook-client-driver.ts).
 */
describe('GitBook client: organizations, teams, SSO, translations, OpenAPI specs, integrations', () => {
  const { driver: gitbook, operation, answer, made, ...suite } = gitbookSuite('gitbook-orgs');
  const app = () => suite.app();
  const ids = () => suite.world().ids;
  const org = () => suite.world().organizationId;

  const newMember = async (tag: string) => {
    const person = await newPerson(app(), `Person ${tag}`);
    await joinOrg(app(), org(), person, 'read');
    return person;
  };

  describe('Organizations', () => {
    operation('listOrganizationsForAuthenticatedUser', () =>
      answer(() => gitbook.api.orgs.listOrganizationsForAuthenticatedUser({ limit: 2 })),
    );
    operation('getOrganizationById', () => answer(() => gitbook.api.orgs.getOrganizationById(org())));
    operation('updateOrganizationById', () =>
      answer(() =>
        gitbook.api.orgs.updateOrganizationById(org(), {
          title: 'GitBook Orgs',
          emailDomains: ['gitbook-orgs.test'],
          logo: 'https://gitbook-orgs.test/logo.png',
          defaultRole: 'read' as never,
          inviteLinks: true,
        }),
      ),
    );
    operation('deleteOrganizationInviteById', () => answer(() => gitbook.api.orgs.deleteOrganizationInviteById(org(), ids().inviteId!)));
    operation('searchOrganizationContent', () => answer(() => gitbook.api.orgs.searchOrganizationContent(org(), { query: 'Space' })));
    operation('getOrganizationsForEmailDomain', async () => {
      await made('PATCH', `/v1/orgs/${org()}`, { emailDomains: ['gitbook-orgs.test'] });
      const found = await answer(() => gitbook.api.emailDomains.getOrganizationsForEmailDomain('gitbook-orgs.test'));
      expect(found.organizations.map((o) => o.id)).toContain(org());
    });
  });

  describe('Organization members', () => {
    operation('listMembersInOrganizationById', () => answer(() => gitbook.api.orgs.listMembersInOrganizationById(org(), { limit: 3 })));
    operation('getMemberInOrganizationById', async () => {
      const guest = await newPerson(app(), 'Guest');
      await joinOrg(app(), org(), guest, null);
      await answer(() => gitbook.api.orgs.getMemberInOrganizationById(org(), guest.userId));
    });
    operation('updateMemberInOrganizationById', () =>
      answer(() => gitbook.api.orgs.updateMemberInOrganizationById(org(), ids().userId!, { role: 'read' as never })),
    );
    operation('removeMemberFromOrganizationById', async () => {
      const leaving = await newMember('leaving');
      await answer(() => gitbook.api.orgs.removeMemberFromOrganizationById(org(), leaving.userId));
    });
    operation('updateOrganizationMemberLastSeenAt', () => answer(() => gitbook.api.orgs.updateOrganizationMemberLastSeenAt(org())));
    operation('setUserAsSSOMemberForOrganization', async () => {
      const member = await newMember('sso');
      await answer(() => gitbook.api.orgs.setUserAsSsoMemberForOrganization(org(), member.userId));
    });
    operation('listSpacesForOrganizationMember', () =>
      answer(() => gitbook.api.orgs.listSpacesForOrganizationMember(org(), ids().userId!, { limit: 5 })),
    );
    operation('listTeamsForOrganizationMember', () =>
      answer(() => gitbook.api.orgs.listTeamsForOrganizationMember(org(), ids().userId!, { limit: 5 })),
    );
  });

  describe('Teams and team members', () => {
    operation('listTeamsInOrganizationById', () => answer(() => gitbook.api.orgs.listTeamsInOrganizationById(org(), { limit: 5 })));
    operation('createOrganizationTeam', () => answer(() => gitbook.api.orgs.createOrganizationTeam(org(), { title: 'Reviewers' })));
    operation('getTeamInOrganizationById', () => answer(() => gitbook.api.orgs.getTeamInOrganizationById(org(), ids().teamId!)));
    operation('updateTeamInOrganizationById', () =>
      answer(() => gitbook.api.orgs.updateTeamInOrganizationById(org(), ids().teamId!, { title: 'Writers' })),
    );
    operation('removeTeamFromOrganizationById', async () => {
      const team = await made('PUT', `/v1/orgs/${org()}/teams`, { title: 'Short-lived' });
      await answer(() => gitbook.api.orgs.removeTeamFromOrganizationById(org(), team.id));
    });
    operation('listTeamMembersInOrganizationById', () =>
      answer(() => gitbook.api.orgs.listTeamMembersInOrganizationById(org(), ids().teamId!, { limit: 5 })),
    );
    operation('updateMembersInOrganizationTeam', async () => {
      const member = await newMember('team-batch');
      await answer(() => gitbook.api.orgs.updateMembersInOrganizationTeam(org(), ids().teamId!, { add: [member.userId] }));
    });
    operation('addMemberToOrganizationTeamById', async () => {
      const member = await newMember('team-one');
      await answer(() => gitbook.api.orgs.addMemberToOrganizationTeamById(org(), ids().teamId!, member.userId, {}));
    });
    operation('deleteMemberFromOrganizationTeamById', async () => {
      const member = await newMember('team-leaving');
      await made('PUT', `/v1/orgs/${org()}/teams/${ids().teamId}/members/${member.userId}`, {});
      await answer(() => gitbook.api.orgs.deleteMemberFromOrganizationTeamById(org(), ids().teamId!, member.userId));
    });
  });

  // Configured providers: one with only a label is `pending`, and answers its unset ssoURL as ''
  // (saml.presenter.ts), which GitBook's schema (a required URI) refuses.
  describe('Single sign-on', () => {
    let certificate: string;
    const idp = (name: string) => ({ ssoURL: `https://${name}.idp.test/sso`, entityID: `https://${name}.idp.test/metadata`, certificate });
    beforeAll(async () => {
      certificate = makeCertificate();
      await made('PATCH', `/v1/orgs/${org()}/saml/${ids().samlProviderId}`, idp('okta'));
    });
    operation('listSAMLProvidersInOrganizationById', () => answer(() => gitbook.api.orgs.listSamlProvidersInOrganizationById(org())));
    operation('createOrganizationSAMLProvider', () =>
      answer(() => gitbook.api.orgs.createOrganizationSamlProvider(org(), { label: 'Azure AD', ...idp('azure') })),
    );
    operation('getOrganizationSAMLProviderById', () =>
      answer(() => gitbook.api.orgs.getOrganizationSamlProviderById(org(), ids().samlProviderId!)),
    );
    operation('updateOrganizationSAMLProvider', () =>
      answer(() => gitbook.api.orgs.updateOrganizationSamlProvider(org(), ids().samlProviderId!, { label: 'Okta (staff)' })),
    );
    operation('deleteOrganizationSAMLProvider', async () => {
      const provider = await made('POST', `/v1/orgs/${org()}/saml`, { label: 'Retired' });
      await answer(() => gitbook.api.orgs.deleteOrganizationSamlProvider(org(), provider.id));
    });
    operation('listSSOProviderLoginsInOrganization', () => answer(() => gitbook.api.orgs.listSsoProviderLoginsInOrganization(org())));
  });

  // The contract's translation settings take a title and languages (docs/contract), where GitBook's
  // client types a source and a language: the bodies are the contract's.
  describe('Translations', () => {
    operation('listTranslations', () => answer(() => gitbook.api.orgs.listTranslations(org(), { limit: 5 })));
    operation('createTranslation', () =>
      answer(() => gitbook.api.orgs.createTranslation(org(), { title: 'Handbook', languages: ['fr'] } as never)),
    );
    operation('getTranslation', () => answer(() => gitbook.api.orgs.getTranslation(org(), ids().translationSettingsId!)));
    operation('updateTranslation', () =>
      answer(() => gitbook.api.orgs.updateTranslation(org(), ids().translationSettingsId!, { title: 'Docs (all)' } as never)),
    );
    operation('deleteTranslation', async () => {
      const settings = await made('POST', `/v1/orgs/${org()}/translations`, { title: 'Old' });
      await answer(() => gitbook.api.orgs.deleteTranslation(org(), settings.id));
    });
  });

  describe('OpenAPI specs', () => {
    const text = JSON.stringify({ openapi: '3.0.0', info: { title: 'Pets', version: '1' }, paths: {} });
    operation('listOpenAPISpecs', () => answer(() => gitbook.api.orgs.listOpenApiSpecs(org(), { limit: 5 })));
    operation('createOpenAPISpec', () => answer(() => gitbook.api.orgs.createOpenApiSpec(org(), { slug: 'pets', source: { text } })));
    operation('getOpenAPISpecBySlug', () => answer(() => gitbook.api.orgs.getOpenApiSpecBySlug(org(), ids().specSlug!)));
    // A spec whose source cannot be fetched (this server refuses loopback addresses) answers its failure.
    it('getOpenAPISpecBySlug, after a failed processing', async () => {
      await made('POST', `/v1/orgs/${org()}/openapi`, { slug: 'unreachable', source: { url: 'http://127.0.0.1:9/openapi.json' } });
      let spec = await made('GET', `/v1/orgs/${org()}/openapi/unreachable`);
      for (let i = 0; i < 400 && spec.processingState === 'pending'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        spec = await made('GET', `/v1/orgs/${org()}/openapi/unreachable`);
      }
      expect(spec.processingState).not.toBe('pending');
      expect(gitbookAnswerErrors('getOpenAPISpecBySlug', 200, spec)).toEqual([]);
    });
    operation('createOrUpdateOpenAPISpecBySlug', () =>
      answer(() => gitbook.api.orgs.createOrUpdateOpenApiSpecBySlug(org(), ids().specSlug!, { source: { text } })),
    );
    operation('deleteOpenAPISpecBySlug', async () => {
      await made('POST', `/v1/orgs/${org()}/openapi`, { slug: 'retired', source: { text } });
      await answer(() => gitbook.api.orgs.deleteOpenApiSpecBySlug(org(), 'retired'));
    });
  });

  describe('Integrations', () => {
    const published = () => ({ organization: org(), title: 'Weather', description: 'Forecasts', script: 'export default {}', scopes: [] });
    operation('listIntegrations', () => answer(() => gitbook.api.integrations.listIntegrations({ limit: 5 })));
    operation('getIntegrationByName', () => answer(() => gitbook.api.integrations.getIntegrationByName(ids().integrationName!)));
    operation('publishIntegration', () =>
      answer(() => gitbook.api.integrations.publishIntegration('gitbook-weather', published() as never)),
    );
    operation('unpublishIntegration', async () => {
      await made('POST', '/v1/integrations/gitbook-retired', published());
      await answer(() => gitbook.api.integrations.unpublishIntegration('gitbook-retired'));
    });
  });

  it('has a test for every contract operation of its sections', () => {
    expect(gitbook.missing(SUITE_SECTIONS.organizations)).toEqual([]);
  });
});
