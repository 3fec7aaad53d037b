import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSectionGroupView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class AddSectionToGroup extends SiteCommand<{ groupId: string; sectionId: string }, SiteSectionGroupView> {}

/** POST .../section-groups/{siteSectionGroupId}/sections: the section moves to the end of the group. */
@CommandHandler(AddSectionToGroup)
export class AddSectionToGroupHandler extends StructureWrite implements ICommandHandler<AddSectionToGroup> {
  async execute({ props, scope }: AddSectionToGroup): Promise<SiteSectionGroupView> {
    return this.views.group(scope, await this.writer.write(scope, { type: 'AddSectionToGroup', ...props }), props.groupId);
  }
}
