import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform';
import { changeRequestAggregate, ChangeRequestCommand, ChangeRequestEvent, ChangeRequestFacts, ChangeRequestState } from '../domain/change-request';
import { SpaceScope } from './space-scope';

/**
 * Writes change requests, always in the request's space scope. A decision needs the caller's
 * effective role in the space and whether the space is locked (its edit mode); a space the caller
 * cannot see is 404 before anything is decided.
 */
@Injectable()
export class ChangeRequestWriter extends AggregateWriter<ChangeRequestState, ChangeRequestCommand, ChangeRequestEvent, ChangeRequestFacts, SpaceScope> {
  constructor(kit: WriteKit) {
    super(kit, changeRequestAggregate);
  }

  protected override async facts(_changeRequestId: string, _command: ChangeRequestCommand, scope: SpaceScope): Promise<ChangeRequestFacts> {
    const { space, role } = await scope.view();
    return { role, locked: space.editMode === 'locked' };
  }
}
