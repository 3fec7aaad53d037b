import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteSettings } from './site.decider';
import { SiteView } from '../shared/site-views';
import { SiteWriter } from './site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class UpdateSite extends SiteCommand<
  { changes: Partial<SiteSettings>; defaultSiteSpace?: string; defaultSiteSection?: string },
  SiteView
> {}

/** updateSiteById: settings, the default section, and the default site space of the root level (or of the default section). */
@CommandHandler(UpdateSite)
export class UpdateSiteHandler implements ICommandHandler<UpdateSite> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props, scope }: UpdateSite): Promise<SiteView> {
    return { site: await this.writer.write(scope, { type: 'UpdateSite', ...props }), role: (await scope.member()).role };
  }
}
