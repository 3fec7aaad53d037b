import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { samlProviderStatus } from './saml.decider';
import { SamlProviderDoc, SamlReadModel } from './saml.read-model';
import { ScopeQuery } from '../shared/organization-scope';

const MAX_PROVIDERS = 1000;

export class ListSsoLogins extends ScopeQuery<SamlProviderDoc[]> {}

/**
 * GET /v1/orgs/{organizationId}/sso: the sign-in options of an organization's login page, for any
 * authenticated caller, member or not (people sign in before they are members; GitBook asks no
 * more than a token). Only providers ready for sign-in (`active`) are listed.
 *
 * It tells what a login page needs, whether SSO applies, and nothing more: an organization that does
 * not exist answers like one without active providers (`{ items: [] }`), so the route cannot be used
 * to learn which organizations exist (docs/organization-members.md, "SSO sign-in options").
 */
@QueryHandler(ListSsoLogins)
export class ListSsoLoginsHandler implements IQueryHandler<ListSsoLogins> {
  constructor(private readonly read: SamlReadModel) {}

  async execute({ scope: { organizationId } }: ListSsoLogins): Promise<SamlProviderDoc[]> {
    const result = await this.read.list(organizationId, { limit: MAX_PROVIDERS });
    return result.items.filter((p) => samlProviderStatus(p) === 'active');
  }
}
