import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class RemoveSectionFromGroup extends SiteCommand<{ groupId: string; sectionId: string }> {}

/** DELETE .../section-groups/{siteSectionGroupId}/sections/{siteSectionId}: the section leaves the group, to the top level right after it. */
@CommandHandler(RemoveSectionFromGroup)
export class RemoveSectionFromGroupHandler implements ICommandHandler<RemoveSectionFromGroup> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props, scope }: RemoveSectionFromGroup): Promise<void> {
    await this.writer.execute(scope.siteId, { type: 'RemoveSectionFromGroup', ...props }, scope);
  }
}
