import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Answers, Caller, commandContext, CurrentCaller, envelope, Located, PageQuery, pageOf } from '@docs/platform';
import { CreateOrganization } from '../application/create-organization';
import { GetOrganization } from '../application/get-organization';
import { ListMyOrganizations } from '../application/list-my-organizations';
import { ListOrganizationsByEmailDomain } from '../application/list-organizations-by-email-domain';
import { OrganizationScope } from '../application/organization-scope';
import { UpdateOrganization } from '../application/update-organization';
import { CreateOrganizationBody, UpdateOrganizationBody } from './dto/organization.dto';
import { OrgScope } from './org-scope';
import { OrganizationsPresenter } from './presenters';
import { OrganizationResponse, OrganizationsForEmailDomainResponse } from './responses';

@ApiTags('organizations')
@ApiBearerAuth()
@Controller('v1')
export class OrganizationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly present: OrganizationsPresenter,
  ) {}

  @Post('orgs')
  @HttpCode(201)
  @Located()
  @ApiOperation({ operationId: 'createOrganization', summary: 'Create an organization' })
  @Answers(OrganizationResponse, { status: 201, location: true })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateOrganizationBody) {
    const created = await this.commands.execute(new CreateOrganization({ title: body.title, emailDomains: body.emailDomains ?? [] }, commandContext(caller)));
    return this.present.organization(created, created.member);
  }

  @Get('orgs')
  @ApiOperation({ operationId: 'listOrganizationsForAuthenticatedUser', summary: 'List the organizations of the caller' })
  @Answers.list(OrganizationResponse)
  async list(@CurrentCaller() caller: Caller, @Query() query: PageQuery) {
    const result = await this.queries.execute(new ListMyOrganizations({ page: pageOf(query) }, caller));
    return envelope(result, (mine) => this.present.organization(mine, mine.member));
  }

  @Get('orgs/:organizationId')
  @ApiOperation({ operationId: 'getOrganizationById', summary: 'Get an organization' })
  @Answers(OrganizationResponse)
  async get(@OrgScope() scope: OrganizationScope) {
    const organization = await this.queries.execute(new GetOrganization(scope));
    return this.present.organization(organization, await scope.member());
  }

  @Patch('orgs/:organizationId')
  @ApiOperation({ operationId: 'updateOrganizationById', summary: 'Update an organization' })
  @Answers(OrganizationResponse)
  async update(@OrgScope() scope: OrganizationScope, @Body() body: UpdateOrganizationBody) {
    const organization = await this.commands.execute(new UpdateOrganization({ changes: body }, scope));
    return this.present.organization(organization, await scope.member());
  }

  @Get('email-domains/:emailDomain/orgs')
  @ApiOperation({ operationId: 'getOrganizationsForEmailDomain', summary: 'List organizations by e-mail domain' })
  @Answers(OrganizationsForEmailDomainResponse)
  async byEmailDomain(@CurrentCaller() caller: Caller, @Param('emailDomain') emailDomain: string) {
    const found = await this.queries.execute(new ListOrganizationsByEmailDomain({ emailDomain }, caller));
    return { organizations: found.map((organization) => this.present.organization(organization, organization.member)) };
  }
}
