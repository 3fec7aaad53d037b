import { Body, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiController, Endpoint, Operation, pageOf, sentFields, UseCaseRoutes } from '@docs/platform';
import { CreateChangeRequest } from '../create-change-request';
import { EditChangeRequestContent } from '../edit-change-request-content';
import { MergeChangeRequest } from '../merge-change-request';
import { UpdateChangeRequestFromMain } from '../update-change-request-from-main';
import { GetChangeRequest } from '../get-change-request';
import { ListChangeRequests } from '../list-change-requests';
import { SpaceScope } from '../../spaces/space-scope';
import { UpdateChangeRequest } from '../update-change-request';
import { ChangeRequestsPresenter } from './change-requests.presenter';
import { toContentRequest } from './content-changes';
import { UpdateContentBody, UpdateContentQuery } from './content-change.dto';
import { ChangeRequestContentUpdateResponse, MergeResultResponse, UpdateResultResponse } from './content-update.response';
import { CreateChangeRequestBody, ListChangeRequestsQuery, personFilter, UpdateChangeRequestBody } from './change-request.dto';
import { ChangeRequestResponse } from './change-request.response';
import { InSpace } from '../../spaces/http/space-scope.pipe';

/**
 * A space's change requests: create, list, read (by id or number), change the subject and status,
 * edit their content, merge them, and pull the live content into them.
 */
@ApiController('v1/spaces/:spaceId/change-requests', 'change-requests')
export class ChangeRequestsController extends UseCaseRoutes(ChangeRequestsPresenter) {
  @Endpoint('POST', '', { status: 201, answers: ChangeRequestResponse, located: true })
  @Operation('createChangeRequest', 'Create a change request (open, from the live revision)')
  async create(@InSpace() scope: SpaceScope, @Body() body: CreateChangeRequestBody = {}) {
    const view = await this.useCases.command(new CreateChangeRequest({ subject: body?.subject ?? '' }, scope));
    return this.present.changeRequest(view);
  }

  @Endpoint('GET', '', { answers: [ChangeRequestResponse] })
  @Operation('listChangeRequestsForSpace', 'List the change requests of a space, most recently updated (or created) first')
  async list(@InSpace() scope: SpaceScope, @Query() query: ListChangeRequestsQuery) {
    const filters = { status: query.status ?? 'open', person: personFilter(query), ...sentFields(query, ['topic']) };
    const list = new ListChangeRequests({ filters, orderBy: query.orderBy ?? 'updatedAt', page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.changeRequest(view));
  }

  @Endpoint('GET', ':changeRequestId', { answers: ChangeRequestResponse })
  @Operation('getChangeRequestById', 'Get a change request by its id or its number')
  async get(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string) {
    const view = await this.useCases.query(new GetChangeRequest({ changeRequest: changeRequestId }, scope));
    return this.present.changeRequest(view);
  }

  @Endpoint('PATCH', ':changeRequestId', { answers: ChangeRequestResponse })
  @Operation('updateChangeRequestById', 'Change the subject or the status of a change request')
  async update(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Body() body: UpdateChangeRequestBody) {
    const view = await this.useCases.command(
      new UpdateChangeRequest({ changeRequest: changeRequestId, subject: body.subject, status: body.status }, scope),
    );
    return this.present.changeRequest(view);
  }

  @Endpoint('POST', ':changeRequestId/content', {
    status: 200,
    answers: { oneOf: [ChangeRequestResponse, ChangeRequestContentUpdateResponse] },
    bodyLimit: 'contentEditBodyLimitBytes',
  })
  @Operation('updateChangeRequestContent', 'Apply up to 50 page and file changes to a change request as one new revision')
  async editContent(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Body() body: UpdateContentBody,
    @Query() query: UpdateContentQuery,
    @Req() { body: sent }: FastifyRequest,
  ) {
    const request = toContentRequest(body.changes, (sent as { changes: unknown[] }).changes);
    const edited = await this.useCases.command(new EditChangeRequestContent({ changeRequest: changeRequestId, ...request }, scope));
    return query.compat === false ? this.present.contentUpdate(edited) : this.present.changeRequest(edited.view);
  }

  @Endpoint('POST', ':changeRequestId/merge', { status: 200, answers: MergeResultResponse })
  @Operation('mergeChangeRequest', 'Merge a change request into the live content (three-way; conflicts are 409)')
  merge(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string) {
    return this.useCases.command(new MergeChangeRequest({ changeRequest: changeRequestId }, scope));
  }

  @Endpoint('POST', ':changeRequestId/update', { status: 200, answers: UpdateResultResponse })
  @Operation('updateChangeRequest', 'Pull the live content into a change request (three-way; conflicts are 409)')
  update_(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string) {
    return this.useCases.command(new UpdateChangeRequestFromMain({ changeRequest: changeRequestId }, scope));
  }
}
