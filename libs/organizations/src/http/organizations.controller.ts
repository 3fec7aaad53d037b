import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, commandContext, CurrentCaller, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateOrganization } from '../application/create-organization';
import { GetOrganization } from '../application/get-organization';
import { ListMyOrganizations } from '../application/list-my-organizations';
import { ListOrganizationsByEmailDomain } from '../application/list-organizations-by-email-domain';
import { UpdateOrganization } from '../application/update-organization';
import { CreateOrganizationBody, UpdateOrganizationBody } from './dto/organization.dto';
import { OrganizationsPresenter } from './presenters';

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
  @ApiOperation({ operationId: 'createOrganization', summary: 'Create an organization' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateOrganizationBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const { organization, member } = await this.commands.execute(new CreateOrganization(body.title, body.emailDomains ?? [], commandContext(caller)));
    const presented = this.present.organization(organization, member);
    void reply.header('location', presented.urls.location);
    return presented;
  }

  @Get('orgs')
  @ApiOperation({ operationId: 'listOrganizationsForAuthenticatedUser', summary: 'List the organizations of the caller' })
  async list(@CurrentCaller() caller: Caller, @Query() query: PageQuery) {
    const result = await this.queries.execute(new ListMyOrganizations(caller.userId, pageOf(query)));
    return envelope(result, ({ organization, member }) => this.present.organization(organization, member));
  }

  @Get('orgs/:organizationId')
  @ApiOperation({ operationId: 'getOrganizationById', summary: 'Get an organization' })
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string) {
    const { organization, member } = await this.queries.execute(new GetOrganization(organizationId, caller.userId));
    return this.present.organization(organization, member);
  }

  @Patch('orgs/:organizationId')
  @ApiOperation({ operationId: 'updateOrganizationById', summary: 'Update an organization' })
  async update(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: UpdateOrganizationBody) {
    const { organization, member } = await this.commands.execute(new UpdateOrganization(organizationId, body, commandContext(caller)));
    return this.present.organization(organization, member);
  }

  @Get('email-domains/:emailDomain/orgs')
  @ApiOperation({ operationId: 'getOrganizationsForEmailDomain', summary: 'List organizations by e-mail domain' })
  async byEmailDomain(@CurrentCaller() caller: Caller, @Param('emailDomain') emailDomain: string) {
    const found = await this.queries.execute(new ListOrganizationsByEmailDomain(emailDomain, caller.userId));
    return { organizations: found.map(({ organization, member }) => this.present.organization(organization, member)) };
  }
}
