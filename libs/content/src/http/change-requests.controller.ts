import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, UseCases } from '@docs/platform';
import { CreateChangeRequest } from '../application/create-change-request';
import { GetChangeRequest } from '../application/get-change-request';
import { ListChangeRequests } from '../application/list-change-requests';
import { SpaceScope } from '../application/space-scope';
import { UpdateChangeRequest } from '../application/update-change-request';
import { ChangeRequestsPresenter } from './change-requests.presenter';
import { CreateChangeRequestBody, ListChangeRequestsQuery, UpdateChangeRequestBody } from './dto/change-request.dto';
import { ChangeRequestResponse } from './responses/change-request.response';
import { InSpace } from './space-scope';

/** A space's change requests: create, list, read (by id or number), change the subject and status. */
@ApiController('v1/spaces/:spaceId/change-requests', 'change-requests')
export class ChangeRequestsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: ChangeRequestsPresenter,
  ) {}

  @Endpoint('POST', '', { operationId: 'createChangeRequest', summary: 'Create a change request (open, from the live revision)', status: 201, answers: ChangeRequestResponse, located: true })
  async create(@InSpace() scope: SpaceScope, @Body() body: CreateChangeRequestBody = {}) {
    const view = await this.useCases.command(new CreateChangeRequest({ subject: body?.subject ?? '' }, scope));
    return this.present.changeRequest(view);
  }

  @Endpoint('GET', '', { operationId: 'listChangeRequestsForSpace', summary: 'List the change requests of a space, most recently updated first', answers: [ChangeRequestResponse] })
  async list(@InSpace() scope: SpaceScope, @Query() query: ListChangeRequestsQuery) {
    const result = await this.useCases.query(new ListChangeRequests({ status: query.status ?? 'open', page: pageOf(query) }, scope));
    return envelope(result, (view) => this.present.changeRequest(view));
  }

  @Endpoint('GET', ':changeRequestId', { operationId: 'getChangeRequestById', summary: 'Get a change request by its id or its number', answers: ChangeRequestResponse })
  async get(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string) {
    const view = await this.useCases.query(new GetChangeRequest({ changeRequest: changeRequestId }, scope));
    return this.present.changeRequest(view);
  }

  @Endpoint('PATCH', ':changeRequestId', { operationId: 'updateChangeRequestById', summary: 'Change the subject or the status of a change request', answers: ChangeRequestResponse })
  async update(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Body() body: UpdateChangeRequestBody) {
    const view = await this.useCases.command(new UpdateChangeRequest({ changeRequest: changeRequestId, subject: body.subject, status: body.status }, scope));
    return this.present.changeRequest(view);
  }
}
