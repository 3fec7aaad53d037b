import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteState } from '../sites/site.decider';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';
import { CustomizationOverride } from './customization.domain';
import { CustomizationView, siteSpaceCustomization } from './site-customizations';

export class OverrideSiteSpaceCustomization extends SiteCommand<
  { siteSpaceId: string; changes: CustomizationOverride },
  CustomizationView
> {}

/** overrideSiteSpaceCustomizationById: site managers change the site space's override; answers its effective customization. */
@CommandHandler(OverrideSiteSpaceCustomization)
export class OverrideSiteSpaceCustomizationHandler implements ICommandHandler<OverrideSiteSpaceCustomization> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { siteSpaceId, changes }, scope }: OverrideSiteSpaceCustomization): Promise<CustomizationView> {
    const site = await this.writer.write(scope, { type: 'OverrideSiteSpaceCustomization', siteSpaceId, changes });
    return siteSpaceCustomization(site.state as SiteState, siteSpaceId);
  }
}
