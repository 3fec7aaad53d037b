import { Body, Param, Query } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { ApiController, Caller, commandContext, CurrentCaller, Endpoint, envelope, pageOf, UseCases } from '@docs/platform';
import { GetIntegration } from './get-integration';
import { InstallIntegration } from '../installations/install-integration';
import { ListInstallations } from '../installations/list-installations';
import { ListIntegrations } from './list-integrations';
import { PublishIntegration } from './publish-integration';
import { UnpublishIntegration } from './unpublish-integration';
import { INTEGRATION_NAME, INTEGRATION_NAME_MAX } from './integration.decider';
import { ListIntegrationsQuery, PublishIntegrationBody } from './integration.dto';
import { InstallIntegrationBody, ListInstallationsQuery } from '../installations/installation.dto';
import { IntegrationNamePipe } from './integration-name.pipe';
import { IntegrationsPresenter } from './integrations.presenter';
import { IntegrationResponse } from './integration.response';
import { IntegrationInstallationResponse } from '../installations/installation.response';

const NameParam = () =>
  ApiParam({
    name: 'integrationName',
    type: String,
    required: true,
    schema: { type: 'string', maxLength: INTEGRATION_NAME_MAX, pattern: INTEGRATION_NAME.source },
  });

@ApiController('v1/integrations', 'integrations')
export class IntegrationsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: IntegrationsPresenter,
  ) {}

  @Endpoint('GET', '', { operationId: 'listIntegrations', summary: 'List integrations', answers: [IntegrationResponse] })
  async list(@CurrentCaller() caller: Caller, @Query() query: ListIntegrationsQuery) {
    const { page, limit, ...filters } = query;
    const result = await this.useCases.query(new ListIntegrations({ filters, page: pageOf({ page, limit }) }, caller));
    return envelope(result, (view) => this.present.integration(view));
  }

  @Endpoint('GET', ':integrationName', {
    operationId: 'getIntegrationByName',
    summary: 'Get an integration by its name',
    answers: IntegrationResponse,
  })
  @NameParam()
  async get(@CurrentCaller() caller: Caller, @Param('integrationName', IntegrationNamePipe) name: string) {
    return this.present.integration(await this.useCases.query(new GetIntegration({ name }, caller)));
  }

  @Endpoint('POST', ':integrationName', {
    operationId: 'publishIntegration',
    summary: 'Publish an integration',
    status: 200,
    answers: IntegrationResponse,
  })
  @NameParam()
  async publish(
    @CurrentCaller() caller: Caller,
    @Param('integrationName', IntegrationNamePipe) name: string,
    @Body() body: PublishIntegrationBody,
  ) {
    return this.present.integration(await this.useCases.command(new PublishIntegration({ name, input: body }, commandContext(caller))));
  }

  @Endpoint('DELETE', ':integrationName', {
    operationId: 'unpublishIntegration',
    summary: 'Unpublish an integration',
    status: 204,
    answers: null,
  })
  @NameParam()
  async unpublish(@CurrentCaller() caller: Caller, @Param('integrationName', IntegrationNamePipe) name: string) {
    await this.useCases.command(new UnpublishIntegration({ name }, commandContext(caller)));
  }

  @Endpoint('GET', ':integrationName/installations', {
    operationId: 'listIntegrationInstallations',
    summary: 'List the installations of an integration',
    answers: [IntegrationInstallationResponse],
  })
  @NameParam()
  async installations(
    @CurrentCaller() caller: Caller,
    @Param('integrationName', IntegrationNamePipe) name: string,
    @Query() query: ListInstallationsQuery,
  ) {
    const result = await this.useCases.query(new ListInstallations({ name, externalId: query.externalId, page: pageOf(query) }, caller));
    return envelope(result, (doc) => this.present.installation(doc));
  }

  @Endpoint('POST', ':integrationName/installations', {
    operationId: 'installIntegration',
    summary: 'Install an integration on an organization',
    answers: IntegrationInstallationResponse,
    located: true,
  })
  @NameParam()
  async install(
    @CurrentCaller() caller: Caller,
    @Param('integrationName', IntegrationNamePipe) name: string,
    @Body() body: InstallIntegrationBody,
  ) {
    const installation = await this.useCases.command(
      new InstallIntegration({ name, organizationId: body.organization }, commandContext(caller)),
    );
    return this.present.installation(installation);
  }
}
