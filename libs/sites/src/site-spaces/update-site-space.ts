import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSpaceView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

export class UpdateSiteSpace extends SiteCommand<
  { siteSpaceId: string; path?: string; condition?: string | null; spaceId?: string },
  SiteSpaceView
> {}

/** updateSiteSpaceById: `path` (unique at its level), `condition` (null removes it), `spaceId` (the space it shows). */
@CommandHandler(UpdateSiteSpace)
export class UpdateSiteSpaceHandler extends StructureWrite implements ICommandHandler<UpdateSiteSpace> {
  async execute({ props: { siteSpaceId, ...changes }, scope }: UpdateSiteSpace): Promise<SiteSpaceView> {
    const site = await this.writer.write(scope, { type: 'UpdateSiteSpace', siteSpaceId, ...changes });
    return this.views.siteSpaceById(scope, site, siteSpaceId);
  }
}
