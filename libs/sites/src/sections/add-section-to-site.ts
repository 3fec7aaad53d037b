import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSectionView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class AddSectionToSite extends SiteCommand<
  { spaceId: string; title?: string | null; icon?: string | null; groupId?: string },
  SiteSectionView
> {}

/**
 * addSectionToSite: a section at the end of the top level, whose first site space shows `spaceId`.
 * The first section of a site takes its root site spaces. With `groupId`, it also goes at the end of that section group.
 */
@CommandHandler(AddSectionToSite)
export class AddSectionToSiteHandler extends StructureWrite implements ICommandHandler<AddSectionToSite> {
  async execute({ props, scope }: AddSectionToSite): Promise<SiteSectionView> {
    const sectionId = scope.createdId('site-section');
    const siteSpaceId = scope.createdId('site-section-space');
    return this.views.section(
      scope,
      await this.writer.write(scope, { type: 'AddSectionToSite', sectionId, siteSpaceId, ...props }),
      sectionId,
    );
  }
}
