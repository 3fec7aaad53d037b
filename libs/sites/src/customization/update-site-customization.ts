import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteState } from '../sites/site.decider';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';
import { CustomizationSettings } from './customization.domain';
import { CustomizationView, siteCustomization } from './site-customizations';

export class UpdateSiteCustomization extends SiteCommand<{ settings: CustomizationSettings }, CustomizationView> {}

/** updateSiteCustomizationById: site managers replace the whole customization (checked at the edge against GitBook's schema). */
@CommandHandler(UpdateSiteCustomization)
export class UpdateSiteCustomizationHandler implements ICommandHandler<UpdateSiteCustomization> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { settings }, scope }: UpdateSiteCustomization): Promise<CustomizationView> {
    const site = await this.writer.write(scope, { type: 'UpdateSiteCustomization', settings });
    return siteCustomization(site.state as SiteState);
  }
}
