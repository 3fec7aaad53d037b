import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSectionGroupView, SiteViews } from '../shared/site-views';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class AddSectionToGroup extends SiteCommand<{ groupId: string; sectionId: string }, SiteSectionGroupView> {}

/** POST .../section-groups/{siteSectionGroupId}/sections: the section moves to the end of the group. */
@CommandHandler(AddSectionToGroup)
export class AddSectionToGroupHandler implements ICommandHandler<AddSectionToGroup> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly views: SiteViews,
  ) {}

  async execute({ props, scope }: AddSectionToGroup): Promise<SiteSectionGroupView> {
    return this.views.group(scope, await this.writer.write(scope, { type: 'AddSectionToGroup', ...props }), props.groupId);
  }
}
