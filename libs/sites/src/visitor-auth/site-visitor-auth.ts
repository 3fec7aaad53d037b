import { randomBytes } from 'node:crypto';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { NO_VISITOR_AUTH, SiteState, VisitorAuthChanges, VisitorAuthEntry } from '../sites/site.decider';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand, SiteQuery } from '../shared/sites-scope';

export class GetSiteVisitorAuth extends SiteQuery<Record<string, never>, VisitorAuthEntry> {}

/** getSitePublishingAuthById: site managers only (it names the key); 404 until a key is set. */
@QueryHandler(GetSiteVisitorAuth)
export class GetSiteVisitorAuthHandler implements IQueryHandler<GetSiteVisitorAuth> {
  async execute({ scope }: GetSiteVisitorAuth): Promise<VisitorAuthEntry> {
    const site = await scope.managedSite();
    return found((site.state as SiteState).visitorAuth ?? null, NO_VISITOR_AUTH);
  }
}

export class UpdateSiteVisitorAuth extends SiteCommand<VisitorAuthChanges, VisitorAuthEntry> {}

/**
 * updateSitePublishingAuthById: managers set the JWT signing key, the login and logout URLs. A site
 * without a key given none gets a random one (32 bytes), as GitBook generates it; it is never answered.
 */
@CommandHandler(UpdateSiteVisitorAuth)
export class UpdateSiteVisitorAuthHandler implements ICommandHandler<UpdateSiteVisitorAuth> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props, scope }: UpdateSiteVisitorAuth): Promise<VisitorAuthEntry> {
    const generatedKey = randomBytes(32).toString('base64url');
    const { state } = await this.writer.write(scope, { type: 'UpdateSiteVisitorAuth', generatedKey, ...props });
    return found(state.visitorAuth ?? null, NO_VISITOR_AUTH);
  }
}

export class RegenerateSiteVisitorAuthKey extends SiteCommand<Record<string, never>, VisitorAuthEntry> {}

/**
 * regenerateSitePublishingAuthById: managers replace the key with a new random one (32 bytes), recorded
 * as SiteVisitorAuthKeyRegenerated; readers' tokens signed with the old key stop verifying at once
 * (the served site reads the key from its projection, which the write waits for). 404 until a key is set.
 */
@CommandHandler(RegenerateSiteVisitorAuthKey)
export class RegenerateSiteVisitorAuthKeyHandler implements ICommandHandler<RegenerateSiteVisitorAuthKey> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ scope }: RegenerateSiteVisitorAuthKey): Promise<VisitorAuthEntry> {
    const generatedKey = randomBytes(32).toString('base64url');
    const { state } = await this.writer.write(scope, { type: 'RegenerateSiteVisitorAuthKey', generatedKey });
    return found(state.visitorAuth ?? null, NO_VISITOR_AUTH);
  }
}
