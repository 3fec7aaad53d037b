import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, commandContext, CurrentCaller, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateSamlProvider } from '../application/create-saml-provider';
import { DeleteSamlProvider } from '../application/delete-saml-provider';
import { GetSamlProvider } from '../application/get-saml-provider';
import { ListSamlProviders } from '../application/list-saml-providers';
import { ListSsoLogins } from '../application/list-sso-logins';
import { UpdateSamlProvider } from '../application/update-saml-provider';
import { CreateSamlProviderBody, UpdateSamlProviderBody } from './dto/saml.dto';
import { SamlPresenter } from './saml.presenter';

@ApiTags('sso')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId')
export class SamlController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly present: SamlPresenter,
  ) {}

  @Get('saml')
  @ApiOperation({ operationId: 'listSAMLProvidersInOrganizationById', summary: 'List all SAML providers' })
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: PageQuery) {
    const { result, teams, caller: member } = await this.queries.execute(new ListSamlProviders(organizationId, caller.userId, pageOf(query)));
    return envelope(result, (p) => this.present.provider(p, teams.get(p.defaultTeam ?? '') ?? null, member));
  }

  @Post('saml')
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationSAMLProvider', summary: 'Create a SAML provider' })
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSamlProviderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { defaultRole, ...rest } = body;
    const provider = await this.commands.execute(
      new CreateSamlProvider(organizationId, { ...rest, defaultRole: defaultRole ?? null }, commandContext(caller)),
    );
    const presented = await this.presentOne(organizationId, provider.id, caller);
    void reply.header('location', presented.urls.location);
    return presented;
  }

  @Get('saml/:samlProviderId')
  @ApiOperation({ operationId: 'getOrganizationSAMLProvider', summary: 'Get a SAML provider' })
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('samlProviderId') samlProviderId: string) {
    return this.presentOne(organizationId, samlProviderId, caller);
  }

  @Patch('saml/:samlProviderId')
  @ApiOperation({ operationId: 'updateOrganizationSAMLProvider', summary: 'Update a SAML provider' })
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') samlProviderId: string,
    @Body() body: UpdateSamlProviderBody,
  ) {
    await this.commands.execute(new UpdateSamlProvider(organizationId, samlProviderId, body, commandContext(caller)));
    return this.presentOne(organizationId, samlProviderId, caller);
  }

  @Delete('saml/:samlProviderId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteOrganizationSAMLProvider', summary: 'Delete a SAML provider' })
  async remove(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('samlProviderId') samlProviderId: string) {
    await this.commands.execute(new DeleteSamlProvider(organizationId, samlProviderId, commandContext(caller)));
  }

  @Get('sso')
  @ApiOperation({ operationId: 'listSSOProviderLoginsInOrganization', summary: 'List the SSO sign-in options of an organization' })
  async logins(@Param('organizationId') organizationId: string) {
    const providers = await this.queries.execute(new ListSsoLogins(organizationId));
    return { items: providers.map((p) => this.present.login(p)) };
  }

  private async presentOne(organizationId: string, samlProviderId: string, caller: Caller) {
    const { provider, defaultTeam, caller: member } = await this.queries.execute(new GetSamlProvider(organizationId, samlProviderId, caller.userId));
    return this.present.provider(provider, defaultTeam, member);
  }
}
