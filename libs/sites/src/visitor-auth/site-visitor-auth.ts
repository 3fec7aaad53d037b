import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { SiteState, VisitorAuthEntry } from '../sites/site.decider';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand, SiteQuery } from '../shared/sites-scope';

const NONE = 'the site has no visitor authentication: PATCH it with a privateKey first';

export class GetSiteVisitorAuth extends SiteQuery<Record<string, never>, VisitorAuthEntry> {}

/** getSitePublishingAuthById: site managers only (it names the key); 404 until a key is set. */
@QueryHandler(GetSiteVisitorAuth)
export class GetSiteVisitorAuthHandler implements IQueryHandler<GetSiteVisitorAuth> {
  async execute({ scope }: GetSiteVisitorAuth): Promise<VisitorAuthEntry> {
    const site = await scope.managedSite();
    return found((site.state as SiteState).visitorAuth ?? null, NONE);
  }
}

export class UpdateSiteVisitorAuth extends SiteCommand<{ privateKey?: string; fallbackURL?: string | null }, VisitorAuthEntry> {}

/** updateSitePublishingAuthById: managers set the JWT signing key (required the first time) and the login URL. */
@CommandHandler(UpdateSiteVisitorAuth)
export class UpdateSiteVisitorAuthHandler implements ICommandHandler<UpdateSiteVisitorAuth> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props, scope }: UpdateSiteVisitorAuth): Promise<VisitorAuthEntry> {
    const { state } = await this.writer.write(scope, { type: 'UpdateSiteVisitorAuth', ...props });
    return found(state.visitorAuth ?? null, NONE);
  }
}
