import { Body, Query } from '@nestjs/common';
import { ApiController, Endpoint, UseCases } from '@docs/platform';
import { DeleteSpace } from '../delete-space';
import { DuplicateSpace } from '../duplicate-space';
import { GetSpace } from '../reads/get-space';
import { MoveSpace } from '../move-space';
import { RestoreSpace } from '../restore-space';
import { SpaceScope } from '../space-scope';
import { TransferSpace } from '../transfer-space';
import { UpdateSpace } from '../update-space';
import { positionOf } from '../../content-tree/position.dto';
import { GetSpaceQuery, MoveSpaceBody, TransferSpaceBody, UpdateSpaceBody } from './space.dto';
import { SpaceResponse } from './space.response';
import { InSpace } from './space-scope.pipe';
import { SpacesPresenter } from './spaces.presenter';

/** One space: read, change, trash and restore, move, transfer. */
@ApiController('v1/spaces/:spaceId', 'spaces')
export class SpacesController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: SpacesPresenter,
  ) {}

  @Endpoint('GET', '', { operationId: 'getSpaceById', summary: 'Get a space', answers: SpaceResponse })
  async get(@InSpace() scope: SpaceScope, @Query() query: GetSpaceQuery) {
    const { space, role } = await this.useCases.query(new GetSpace({ shareKey: query.shareKey }, scope));
    return this.present.space(space, role);
  }

  @Endpoint('PATCH', '', {
    operationId: 'updateSpaceById',
    summary: 'Change the title, emoji, edit mode or default level of a space',
    answers: SpaceResponse,
  })
  async update(@InSpace() scope: SpaceScope, @Body() body: UpdateSpaceBody) {
    const { title, emoji, editMode, defaultLevel } = body;
    const changes = {
      ...(title !== undefined ? { title } : {}),
      ...(emoji !== undefined ? { emoji: emoji ?? '' } : {}),
      ...(editMode !== undefined ? { editMode } : {}),
      ...(defaultLevel !== undefined ? { defaultLevel } : {}),
    };
    const { space, role } = await this.useCases.command(new UpdateSpace({ changes }, scope));
    return this.present.space(space, role);
  }

  @Endpoint('DELETE', '', { operationId: 'deleteSpaceById', summary: 'Move a space to the trash', status: 205, answers: null })
  async remove(@InSpace() scope: SpaceScope) {
    await this.useCases.command(new DeleteSpace({}, scope));
  }

  @Endpoint('POST', 'restore', {
    operationId: 'restoreSpace',
    summary: 'Restore a space from the trash (within the retention period)',
    status: 200,
    answers: SpaceResponse,
  })
  async restore(@InSpace() scope: SpaceScope) {
    const { space, role } = await this.useCases.command(new RestoreSpace({}, scope));
    return this.present.space(space, role);
  }

  @Endpoint('POST', 'duplicate', {
    operationId: 'duplicateSpace',
    summary: 'Duplicate a space: settings, grants and a copy of the live content',
    status: 201,
    answers: SpaceResponse,
    located: true,
  })
  async duplicate(@InSpace() scope: SpaceScope) {
    const { space, role } = await this.useCases.command(new DuplicateSpace({}, scope));
    return this.present.space(space, role);
  }

  @Endpoint('POST', 'move', {
    operationId: 'moveSpace',
    summary: 'Move a space to a collection, the top level, or next to a sibling space or collection',
    status: 200,
    answers: SpaceResponse,
  })
  async move(@InSpace() scope: SpaceScope, @Body() body: MoveSpaceBody) {
    const { space, role } = await this.useCases.command(new MoveSpace({ parent: body.parent, position: positionOf(body.position) }, scope));
    return this.present.space(space, role);
  }

  @Endpoint('POST', 'transfer', {
    operationId: 'transferSpace',
    summary: 'Transfer a space to another organization',
    status: 200,
    answers: SpaceResponse,
  })
  async transfer(@InSpace() scope: SpaceScope, @Body() body: TransferSpaceBody) {
    const { space, role } = await this.useCases.command(new TransferSpace({ organization: body.organization }, scope));
    return this.present.space(space, role);
  }
}
