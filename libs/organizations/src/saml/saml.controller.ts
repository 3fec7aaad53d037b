import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { CreateSamlProvider } from './create-saml-provider';
import { DeleteSamlProvider } from './delete-saml-provider';
import { GetSamlProvider } from './get-saml-provider';
import { ListSamlProviders } from './list-saml-providers';
import { ListSsoLogins } from './list-sso-logins';
import { OrganizationScope } from '../shared/organization-scope';
import { UpdateSamlProvider } from './update-saml-provider';
import { CreateSamlProviderBody, UpdateSamlProviderBody } from './saml.dto';
import { OrgScope } from '../shared/org-scope';
import { SamlPresenter } from './saml.presenter';
import { SamlProviderResponse, SsoLoginsResponse } from '../responses';

@ApiController('v1/orgs/:organizationId', 'sso')
export class SamlController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: SamlPresenter,
  ) {}

  @Endpoint('GET', 'saml', {
    operationId: 'listSAMLProvidersInOrganizationById',
    summary: 'List all SAML providers',
    answers: [SamlProviderResponse],
  })
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListSamlProviders({ page: pageOf(query) }, scope));
    const caller = await scope.member();
    return envelope(result, (view) => this.present.provider(view, caller));
  }

  @Endpoint('POST', 'saml', {
    operationId: 'createOrganizationSAMLProvider',
    summary: 'Create a SAML provider',
    answers: SamlProviderResponse,
    located: true,
  })
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateSamlProviderBody) {
    const { label, entityID, certificate, ssoURL, defaultTeam, defaultRole } = body;
    const view = await this.useCases.command(
      new CreateSamlProvider({ label, entityID, certificate, ssoURL, defaultTeam, defaultRole: defaultRole ?? null }, scope),
    );
    return this.present.provider(view, await scope.member());
  }

  @Endpoint('GET', 'saml/:samlProviderId', {
    operationId: 'getOrganizationSAMLProvider',
    summary: 'Get a SAML provider',
    answers: SamlProviderResponse,
  })
  async get(@OrgScope() scope: OrganizationScope, @Param('samlProviderId') samlProviderId: string) {
    const view = await this.useCases.query(new GetSamlProvider({ samlProviderId }, scope));
    return this.present.provider(view, await scope.member());
  }

  @Endpoint('PATCH', 'saml/:samlProviderId', {
    operationId: 'updateOrganizationSAMLProvider',
    summary: 'Update a SAML provider',
    answers: SamlProviderResponse,
  })
  async update(
    @OrgScope() scope: OrganizationScope,
    @Param('samlProviderId') samlProviderId: string,
    @Body() body: UpdateSamlProviderBody,
  ) {
    const { label, entityID, certificate, ssoURL, defaultTeam, defaultRole } = body;
    const changes = { label, entityID, certificate, ssoURL, defaultTeam, defaultRole };
    const view = await this.useCases.command(new UpdateSamlProvider({ samlProviderId, changes }, scope));
    return this.present.provider(view, await scope.member());
  }

  @Endpoint('DELETE', 'saml/:samlProviderId', {
    operationId: 'deleteOrganizationSAMLProvider',
    summary: 'Delete a SAML provider',
    answers: null,
  })
  async remove(@OrgScope() scope: OrganizationScope, @Param('samlProviderId') samlProviderId: string) {
    await this.useCases.command(new DeleteSamlProvider({ samlProviderId }, scope));
  }

  /**
   * Open to any authenticated caller, member or not (people sign in before they are members); an
   * unknown organization answers as one without SSO, `{ items: [] }` (ListSsoLogins).
   */
  @Endpoint('GET', 'sso', {
    operationId: 'listSSOProviderLoginsInOrganization',
    summary: 'List the SSO sign-in options of an organization',
    answers: SsoLoginsResponse,
  })
  async logins(@OrgScope() scope: OrganizationScope) {
    const providers = await this.useCases.query(new ListSsoLogins(scope));
    return { items: providers.map((p) => this.present.login(p)) };
  }
}
