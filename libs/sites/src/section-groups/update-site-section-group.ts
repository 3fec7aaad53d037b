import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSectionGroupView, SiteViews } from '../shared/site-views';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSiteSectionGroup extends SiteCommand<{ groupId: string; title?: string; icon?: string | null }, SiteSectionGroupView> {}

/** updateSiteSectionGroupById: title and icon (null removes it). */
@CommandHandler(UpdateSiteSectionGroup)
export class UpdateSiteSectionGroupHandler implements ICommandHandler<UpdateSiteSectionGroup> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly views: SiteViews,
  ) {}

  async execute({ props, scope }: UpdateSiteSectionGroup): Promise<SiteSectionGroupView> {
    return this.views.group(scope, await this.writer.write(scope, { type: 'UpdateSiteSectionGroup', ...props }), props.groupId);
  }
}
