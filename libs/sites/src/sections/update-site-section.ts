import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SectionChanges } from '../sites/site.decider';
import { SiteSectionView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class UpdateSiteSection extends SiteCommand<SectionChanges & { sectionId: string; defaultSiteSpace?: string }, SiteSectionView> {}

/**
 * updateSiteSectionById: title, path (unique in the site), icon, description, condition (null removes them), and its default site space.
 */
@CommandHandler(UpdateSiteSection)
export class UpdateSiteSectionHandler extends StructureWrite implements ICommandHandler<UpdateSiteSection> {
  async execute({ props, scope }: UpdateSiteSection): Promise<SiteSectionView> {
    return this.views.section(scope, await this.writer.write(scope, { type: 'UpdateSiteSection', ...props }), props.sectionId);
  }
}
