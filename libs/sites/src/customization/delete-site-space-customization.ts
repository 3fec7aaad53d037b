import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

/** Answers whether there was an override to remove (205) or not (204). */
export class DeleteSiteSpaceCustomization extends SiteCommand<{ siteSpaceId: string }, boolean> {}

/** deleteSiteSpaceCustomizationById: site managers remove the override; the site space shows the site's customization again. */
@CommandHandler(DeleteSiteSpaceCustomization)
export class DeleteSiteSpaceCustomizationHandler implements ICommandHandler<DeleteSiteSpaceCustomization> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { siteSpaceId }, scope }: DeleteSiteSpaceCustomization): Promise<boolean> {
    const outcome = await this.writer.execute(scope.siteId, { type: 'DeleteSiteSpaceCustomization', siteSpaceId }, scope);
    return outcome.events.some((e) => e.type === 'SiteSpaceCustomizationRemoved');
  }
}
