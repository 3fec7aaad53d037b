import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery } from '@docs/platform';
import { CreateSamlProvider } from './create-saml-provider';
import { DeleteSamlProvider } from './delete-saml-provider';
import { GetSamlProvider } from './get-saml-provider';
import { ListSamlProviders } from './list-saml-providers';
import { ListSsoLogins } from './list-sso-logins';
import { OrganizationScope } from '../shared/organization-scope';
import { UpdateSamlProvider } from './update-saml-provider';
import { CreateSamlProviderBody, UpdateSamlProviderBody } from './saml.dto';
import { OrgScope } from '../shared/org-scope';
import { MemberRoutes } from '../shared/member-routes';
import { SamlPresenter } from './saml.presenter';
import { SamlProviderView } from './saml-provider-views';
import { SamlProviderResponse, SsoLoginsResponse } from '../responses';

@ApiController('v1/orgs/:organizationId', 'sso')
export class SamlController extends MemberRoutes(SamlPresenter) {
  @Endpoint('GET', 'saml', { answers: [SamlProviderResponse] })
  @Operation('listSAMLProvidersInOrganizationById', 'List all SAML providers')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const list = new ListSamlProviders({ page: pageOf(query) }, scope);
    return this.presentPageTo(scope, list, (view, caller) => this.present.provider(view, caller));
  }

  @Endpoint('POST', 'saml', { answers: SamlProviderResponse, located: true })
  @Operation('createOrganizationSAMLProvider', 'Create a SAML provider')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateSamlProviderBody) {
    const { label, entityID, certificate, ssoURL, defaultTeam, defaultRole } = body;
    const settings = { label, entityID, certificate, ssoURL, defaultTeam, defaultRole: defaultRole ?? null };
    return this.provider(scope, this.useCases.command(new CreateSamlProvider(settings, scope)));
  }

  @Endpoint('GET', 'saml/:samlProviderId', { answers: SamlProviderResponse })
  @Operation('getOrganizationSAMLProvider', 'Get a SAML provider')
  async get(@OrgScope() scope: OrganizationScope, @Param('samlProviderId') samlProviderId: string) {
    return this.provider(scope, this.useCases.query(new GetSamlProvider({ samlProviderId }, scope)));
  }

  @Endpoint('PATCH', 'saml/:samlProviderId', { answers: SamlProviderResponse })
  @Operation('updateOrganizationSAMLProvider', 'Update a SAML provider')
  async update(
    @OrgScope() scope: OrganizationScope,
    @Param('samlProviderId') samlProviderId: string,
    @Body() body: UpdateSamlProviderBody,
  ) {
    const { label, entityID, certificate, ssoURL, defaultTeam, defaultRole } = body;
    const changes = { label, entityID, certificate, ssoURL, defaultTeam, defaultRole };
    return this.provider(scope, this.useCases.command(new UpdateSamlProvider({ samlProviderId, changes }, scope)));
  }

  @Endpoint('DELETE', 'saml/:samlProviderId', { answers: null })
  @Operation('deleteOrganizationSAMLProvider', 'Delete a SAML provider')
  async remove(@OrgScope() scope: OrganizationScope, @Param('samlProviderId') samlProviderId: string) {
    await this.useCases.command(new DeleteSamlProvider({ samlProviderId }, scope));
  }

  /**
   * Open to any authenticated caller, member or not (people sign in before they are members); an
   * unknown organization answers as one without SSO, `{ items: [] }` (ListSsoLogins).
   */
  @Endpoint('GET', 'sso', { answers: SsoLoginsResponse })
  @Operation('listSSOProviderLoginsInOrganization', 'List the SSO sign-in options of an organization')
  async logins(@OrgScope() scope: OrganizationScope) {
    const providers = await this.useCases.query(new ListSsoLogins(scope));
    return { items: providers.map((p) => this.present.login(p)) };
  }

  /** A SAML provider as the caller sees it: their role in the organization decides the permissions shown. */
  private async provider(scope: OrganizationScope, provider: Promise<SamlProviderView>): Promise<SamlProviderResponse> {
    return this.present.provider(await provider, await scope.member());
  }
}
