import { Body, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, UseCaseRoutes } from '@docs/platform';
import { DeleteSpace } from '../delete-space';
import { DuplicateSpace } from '../duplicate-space';
import { GetSpace } from '../reads/get-space';
import { MoveSpace } from '../move-space';
import { RestoreSpace } from '../restore-space';
import { SpaceScope, SpaceView } from '../space-scope';
import { TransferSpace } from '../transfer-space';
import { UpdateSpace } from '../update-space';
import { positionOf } from '../../content-tree/position.dto';
import { GetSpaceQuery, MoveSpaceBody, TransferSpaceBody, UpdateSpaceBody } from './space.dto';
import { SpaceResponse } from './space.response';
import { InSpace } from './space-scope.pipe';
import { SpacesPresenter } from './spaces.presenter';

/** One space: read, change, trash and restore, move, transfer. */
@ApiController('v1/spaces/:spaceId', 'spaces')
export class SpacesController extends UseCaseRoutes(SpacesPresenter) {
  @Endpoint('GET', '', { answers: SpaceResponse })
  @Operation('getSpaceById', 'Get a space')
  async get(@InSpace() scope: SpaceScope, @Query() query: GetSpaceQuery) {
    return this.space(this.useCases.query(new GetSpace({ shareKey: query.shareKey }, scope)));
  }

  @Endpoint('PATCH', '', { answers: SpaceResponse })
  @Operation('updateSpaceById', 'Change the title, emoji, edit mode, default level or merge rules of a space')
  async update(@InSpace() scope: SpaceScope, @Body() body: UpdateSpaceBody) {
    const { title, emoji, editMode, defaultLevel, mergeRules } = body;
    const changes = {
      ...(title !== undefined ? { title } : {}),
      ...(emoji !== undefined ? { emoji: emoji ?? '' } : {}),
      ...(editMode !== undefined ? { editMode } : {}),
      ...(defaultLevel !== undefined ? { defaultLevel } : {}),
    };
    return this.space(this.useCases.command(new UpdateSpace({ changes, ...(mergeRules !== undefined ? { mergeRules } : {}) }, scope)));
  }

  @Endpoint('DELETE', '', { status: 205, answers: null })
  @Operation('deleteSpaceById', 'Move a space to the trash')
  async remove(@InSpace() scope: SpaceScope) {
    await this.useCases.command(new DeleteSpace({}, scope));
  }

  @Endpoint('POST', 'restore', { status: 200, answers: SpaceResponse })
  @Operation('restoreSpace', 'Restore a space from the trash (within the retention period)')
  async restore(@InSpace() scope: SpaceScope) {
    return this.space(this.useCases.command(new RestoreSpace({}, scope)));
  }

  @Endpoint('POST', 'duplicate', { status: 201, answers: SpaceResponse, located: true })
  @Operation('duplicateSpace', 'Duplicate a space: settings, grants and a copy of the live content')
  async duplicate(@InSpace() scope: SpaceScope) {
    return this.space(this.useCases.command(new DuplicateSpace({}, scope)));
  }

  @Endpoint('POST', 'move', { status: 200, answers: SpaceResponse })
  @Operation('moveSpace', 'Move a space to a collection, the top level, or next to a sibling space or collection')
  async move(@InSpace() scope: SpaceScope, @Body() body: MoveSpaceBody) {
    return this.space(this.useCases.command(new MoveSpace({ parent: body.parent, position: positionOf(body.position) }, scope)));
  }

  @Endpoint('POST', 'transfer', { status: 200, answers: SpaceResponse })
  @Operation('transferSpace', 'Transfer a space to another organization')
  async transfer(@InSpace() scope: SpaceScope, @Body() body: TransferSpaceBody) {
    return this.space(this.useCases.command(new TransferSpace({ organization: body.organization }, scope)));
  }

  /** A space with the caller's role in it. */
  private async space(view: Promise<SpaceView>): Promise<SpaceResponse> {
    const { space, role } = await view;
    return this.present.space(space, role);
  }
}
