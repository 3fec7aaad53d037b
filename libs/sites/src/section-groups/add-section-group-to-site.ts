import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSectionGroupView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class AddSectionGroupToSite extends SiteCommand<
  { title: string; icon?: string | null; sectionIds: string[] },
  SiteSectionGroupView
> {}

/** addSectionGroupToSite: a group at the end of the top level, holding the sections named (taken from where they were). */
@CommandHandler(AddSectionGroupToSite)
export class AddSectionGroupToSiteHandler extends StructureWrite implements ICommandHandler<AddSectionGroupToSite> {
  async execute({ props, scope }: AddSectionGroupToSite): Promise<SiteSectionGroupView> {
    const groupId = scope.createdId('site-section-group');
    return this.views.group(scope, await this.writer.write(scope, { type: 'AddSectionGroupToSite', groupId, ...props }), groupId);
  }
}
