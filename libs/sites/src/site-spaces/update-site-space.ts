import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSpaceView, SiteViews } from '../shared/site-views';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSiteSpace extends SiteCommand<
  { siteSpaceId: string; path?: string; condition?: string | null; spaceId?: string },
  SiteSpaceView
> {}

/** updateSiteSpaceById: `path` (unique at its level), `condition` (null removes it), `spaceId` (the space it shows). */
@CommandHandler(UpdateSiteSpace)
export class UpdateSiteSpaceHandler implements ICommandHandler<UpdateSiteSpace> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly views: SiteViews,
  ) {}

  async execute({ props: { siteSpaceId, ...changes }, scope }: UpdateSiteSpace): Promise<SiteSpaceView> {
    const site = await this.writer.write(scope, { type: 'UpdateSiteSpace', siteSpaceId, ...changes });
    return this.views.siteSpaceById(scope, site, siteSpaceId);
  }
}
