import { Body, Param, Query } from '@nestjs/common';
import {
  ApiController,
  Caller,
  commandContext,
  CurrentCaller,
  Endpoint,
  Operation,
  pageOf,
  PageQuery,
  UseCaseRoutes,
} from '@docs/platform';
import { CreateOrganization } from './create-organization';
import { GetOrganization } from './get-organization';
import { ListMyOrganizations } from './list-my-organizations';
import { ListOrganizationsByEmailDomain } from './list-organizations-by-email-domain';
import { OrganizationScope } from '../shared/organization-scope';
import { UpdateOrganization } from './update-organization';
import { CreateOrganizationBody, CreateOrganizationQuery, UpdateOrganizationBody } from './organization.dto';
import { OrgScope } from '../shared/org-scope';
import { OrganizationsPresenter } from './organizations.presenter';
import { OrganizationResponse, OrganizationsForEmailDomainResponse } from '../responses';

@ApiController('v1', 'organizations')
export class OrganizationsController extends UseCaseRoutes(OrganizationsPresenter) {
  @Endpoint('POST', 'orgs', { answers: OrganizationResponse, located: true })
  @Operation('createOrganization', 'Create an organization')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateOrganizationBody, @Query() _query: CreateOrganizationQuery) {
    const created = await this.useCases.command(
      new CreateOrganization({ title: body.title, emailDomains: body.emailDomains ?? [] }, commandContext(caller)),
    );
    return this.present.organization(created, created.member);
  }

  @Endpoint('GET', 'orgs', { answers: [OrganizationResponse] })
  @Operation('listOrganizationsForAuthenticatedUser', 'List the organizations of the caller')
  async list(@CurrentCaller() caller: Caller, @Query() query: PageQuery) {
    const list = new ListMyOrganizations({ page: pageOf(query) }, caller);
    return this.presentPage(list, (mine) => this.present.organization(mine, mine.member));
  }

  @Endpoint('GET', 'orgs/:organizationId', { answers: OrganizationResponse })
  @Operation('getOrganizationById', 'Get an organization')
  async get(@OrgScope() scope: OrganizationScope) {
    const organization = await this.useCases.query(new GetOrganization(scope));
    return this.present.organization(organization, await scope.member());
  }

  @Endpoint('PATCH', 'orgs/:organizationId', { answers: OrganizationResponse })
  @Operation('updateOrganizationById', 'Update an organization')
  async update(@OrgScope() scope: OrganizationScope, @Body() body: UpdateOrganizationBody) {
    const { mergeRules, ...changes } = body;
    const organization = await this.useCases.command(
      new UpdateOrganization({ changes, ...(mergeRules !== undefined ? { mergeRules } : {}) }, scope),
    );
    return this.present.organization(organization, await scope.member());
  }

  @Endpoint('GET', 'email-domains/:emailDomain/orgs', { answers: OrganizationsForEmailDomainResponse })
  @Operation('getOrganizationsForEmailDomain', 'List organizations by e-mail domain')
  async byEmailDomain(@CurrentCaller() caller: Caller, @Param('emailDomain') emailDomain: string) {
    const found = await this.useCases.query(new ListOrganizationsByEmailDomain({ emailDomain }, caller));
    return { organizations: found.map((organization) => this.present.organization(organization, organization.member)) };
  }
}
