import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContentPosition } from '../content-tree/content-siblings';
import { SpaceCommand, SpaceView } from './space-scope';
import { SpacePlacement } from './space-placement';
import { SpaceWriter } from './space-writer';

export class MoveSpace extends SpaceCommand<{ parent?: string | null; position?: ContentPosition }, SpaceView> {}

/**
 * POST /v1/spaces/{spaceId}/move: space admins move it into a collection of its organization or
 * to the top level (`parent`), before or after a sibling space or collection (`position`), or last.
 * A move that would leave the space where it is changes nothing and answers the space, like any
 * idempotent request.
 */
@CommandHandler(MoveSpace)
export class MoveSpaceHandler implements ICommandHandler<MoveSpace> {
  constructor(
    private readonly writer: SpaceWriter,
    private readonly placement: SpacePlacement,
  ) {}

  async execute({ props: { parent, position }, scope }: MoveSpace): Promise<SpaceView> {
    const { space } = await scope.requirePermission('admin', 'moving a space');
    const place = await this.placement.moveTo(space, parent, position);
    if (place === null) return scope.view();
    await this.writer.execute(space.id, { type: 'MoveSpace', ...place }, scope);
    scope.refresh();
    return scope.view();
  }
}
