import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSectionGroupView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class UpdateSiteSectionGroup extends SiteCommand<{ groupId: string; title?: string; icon?: string | null }, SiteSectionGroupView> {}

/** updateSiteSectionGroupById: title and icon (null removes it). */
@CommandHandler(UpdateSiteSectionGroup)
export class UpdateSiteSectionGroupHandler extends StructureWrite implements ICommandHandler<UpdateSiteSectionGroup> {
  async execute({ props, scope }: UpdateSiteSectionGroup): Promise<SiteSectionGroupView> {
    return this.views.group(scope, await this.writer.write(scope, { type: 'UpdateSiteSectionGroup', ...props }), props.groupId);
  }
}
