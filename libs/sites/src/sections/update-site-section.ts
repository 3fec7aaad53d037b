import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SectionChanges } from '../sites/site.decider';
import { SiteSectionView, SiteViews } from '../shared/site-views';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSiteSection extends SiteCommand<SectionChanges & { sectionId: string; defaultSiteSpace?: string }, SiteSectionView> {}

/** updateSiteSectionById: title, path (unique in the site), icon, description, condition (null removes them), and its default site space. */
@CommandHandler(UpdateSiteSection)
export class UpdateSiteSectionHandler implements ICommandHandler<UpdateSiteSection> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly views: SiteViews,
  ) {}

  async execute({ props, scope }: UpdateSiteSection): Promise<SiteSectionView> {
    return this.views.section(scope, await this.writer.write(scope, { type: 'UpdateSiteSection', ...props }), props.sectionId);
  }
}
