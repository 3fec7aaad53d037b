import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { SamlProviderView } from './saml-provider-views';
import { samlProviderStatus } from './saml.decider';
import { MemberDoc } from '../organizations/organizations.read-model';
import { SamlProviderDoc } from './saml.read-model';
import { SamlProviderResponse, SamlServiceProvider, SsoLoginResponse } from '../responses';
import { TeamsPresenter } from '../teams/teams.presenter';

/** GitBook's OrganizationSAMLProvider and OrganizationSSOProviderLogin objects. No I/O: the use cases read everything. */
@Injectable()
export class SamlPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly teams: TeamsPresenter,
  ) {}

  /** Where the identity provider sends users and assertions for this provider (our service provider side). */
  service(provider: Pick<SamlProviderDoc, 'id'>): SamlServiceProvider {
    const base = `${this.config.publicUrl}/sso/saml/${provider.id}`;
    return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
  }

  /**
   * Settings not configured yet are empty strings (the provider is then `pending`): GitBook's schema
   * requires the fields. `caller` is the caller's organization membership (the default team's permissions).
   */
  provider({ provider, defaultTeam }: SamlProviderView, caller: Pick<MemberDoc, 'role'>): SamlProviderResponse {
    return {
      object: 'saml-provider' as const,
      id: provider.id,
      label: provider.label,
      ssoURL: provider.ssoURL ?? '',
      entityID: provider.entityID ?? '',
      certificate: provider.certificate ?? '',
      ...(defaultTeam ? { defaultTeam: this.teams.team(defaultTeam, caller) } : {}),
      defaultRole: provider.defaultRole,
      createdAt: provider.createdAt,
      status: samlProviderStatus(provider),
      service: this.service(provider),
      urls: { location: `${this.config.publicUrl}/v1/orgs/${provider.organizationId}/saml/${provider.id}` },
    };
  }

  login(provider: SamlProviderDoc): SsoLoginResponse {
    return { id: provider.id, label: provider.label, startURL: this.service(provider).startURL };
  }
}
