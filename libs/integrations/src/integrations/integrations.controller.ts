import { Body, Param, Query } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { ApiController, Caller, commandContext, CurrentCaller, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
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

/** The `{integrationName}` path parameter, checked by IntegrationNamePipe and documented with its length and pattern. */
const IntegrationName = (): ParameterDecorator => (target, key, index) => {
  Param('integrationName', IntegrationNamePipe)(target, key, index);
  const schema = { type: 'string', maxLength: INTEGRATION_NAME_MAX, pattern: INTEGRATION_NAME.source } as const;
  ApiParam({ name: 'integrationName', type: String, required: true, schema })(target, key!, Object.getOwnPropertyDescriptor(target, key!)!);
};

@ApiController('v1/integrations', 'integrations')
export class IntegrationsController extends UseCaseRoutes(IntegrationsPresenter) {
  @Endpoint('GET', '', { answers: [IntegrationResponse] })
  @Operation('listIntegrations', 'List integrations')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListIntegrationsQuery) {
    const { page, limit, ...filters } = query;
    const list = new ListIntegrations({ filters, page: pageOf({ page, limit }) }, caller);
    return this.presentPage(list, (view) => this.present.integration(view));
  }

  @Endpoint('GET', ':integrationName', { answers: IntegrationResponse })
  @Operation('getIntegrationByName', 'Get an integration by its name')
  async get(@CurrentCaller() caller: Caller, @IntegrationName() name: string) {
    return this.present.integration(await this.useCases.query(new GetIntegration({ name }, caller)));
  }

  @Endpoint('POST', ':integrationName', { status: 200, answers: IntegrationResponse })
  @Operation('publishIntegration', 'Publish an integration')
  async publish(@CurrentCaller() caller: Caller, @IntegrationName() name: string, @Body() body: PublishIntegrationBody) {
    return this.present.integration(await this.useCases.command(new PublishIntegration({ name, input: body }, commandContext(caller))));
  }

  @Endpoint('DELETE', ':integrationName', { status: 204, answers: null })
  @Operation('unpublishIntegration', 'Unpublish an integration')
  async unpublish(@CurrentCaller() caller: Caller, @IntegrationName() name: string) {
    await this.useCases.command(new UnpublishIntegration({ name }, commandContext(caller)));
  }

  @Endpoint('GET', ':integrationName/installations', { answers: [IntegrationInstallationResponse] })
  @Operation('listIntegrationInstallations', 'List the installations of an integration')
  async installations(@CurrentCaller() caller: Caller, @IntegrationName() name: string, @Query() query: ListInstallationsQuery) {
    const list = new ListInstallations({ name, externalId: query.externalId, page: pageOf(query) }, caller);
    return this.presentPage(list, (doc) => this.present.installation(doc));
  }

  @Endpoint('POST', ':integrationName/installations', { answers: IntegrationInstallationResponse, located: true })
  @Operation('installIntegration', 'Install an integration on an organization')
  async install(@CurrentCaller() caller: Caller, @IntegrationName() name: string, @Body() body: InstallIntegrationBody) {
    const installation = await this.useCases.command(
      new InstallIntegration({ name, organizationId: body.organization }, commandContext(caller)),
    );
    return this.present.installation(installation);
  }
}
