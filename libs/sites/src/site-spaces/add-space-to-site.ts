import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSpaceView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class AddSpaceToSite extends SiteCommand<{ spaceId: string; sectionId?: string }, SiteSpaceView> {}

/**
 * addSpaceToSite: a space (visible to the caller, in the organization) joins the site at the end of a section (by default the default
 * section), or of the root level of a site without sections.
 */
@CommandHandler(AddSpaceToSite)
export class AddSpaceToSiteHandler extends StructureWrite implements ICommandHandler<AddSpaceToSite> {
  async execute({ props: { spaceId, sectionId }, scope }: AddSpaceToSite): Promise<SiteSpaceView> {
    const siteSpaceId = scope.createdId('site-space');
    const site = await this.writer.write(scope, {
      type: 'AddSpaceToSite',
      siteSpaceId,
      spaceId,
      ...(sectionId !== undefined ? { sectionId } : {}),
    });
    return this.views.siteSpaceById(scope, site, siteSpaceId);
  }
}
