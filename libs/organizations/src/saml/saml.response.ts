import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, DateTime, LocationUrls } from '@docs/platform';
import { RoleOrGuest, ROLES_STRONGEST_FIRST } from '../shared/roles.domain';
import { TeamResponse } from '../teams/team.response';

/** Where the identity provider sends users and assertions (SamlPresenter.service). */
export class SamlServiceProvider {
  @ApiProperty({ type: String, format: 'uri', description: 'Assertion Consumer Service (ACS) URL' })
  acsURL!: string;

  @ApiProperty({ type: String, format: 'uri', description: 'Start URL for the identity provider' })
  startURL!: string;

  @ApiProperty({ type: String, maxLength: 1024, description: 'Entity ID of this service provider (its metadata URL)' })
  entityID!: string;
}

/**
 * GitBook's OrganizationSAMLProvider (SamlPresenter.provider). Settings not configured yet are
 * empty strings, and the provider is then `pending`: ssoURL is a URL or empty.
 */
export class SamlProviderResponse extends ApiObject('saml-provider', { description: 'Unique identifier for the provider' }) {
  @ApiProperty({ type: String, minLength: 1, maxLength: 30 })
  label!: string;

  @ApiProperty({ type: String, maxLength: 2048, description: 'Single sign-on URL of the identity provider; empty until configured' })
  ssoURL!: string;

  @ApiProperty({ type: String, maxLength: 1024, description: 'Entity ID of the identity provider; empty until configured' })
  entityID!: string;

  @ApiProperty({
    type: String,
    maxLength: 10000,
    description: 'X.509 certificate of the identity provider, PEM-encoded; empty until configured',
  })
  certificate!: string;

  @ApiPropertyOptional({ type: () => TeamResponse, description: 'The team new users join, when set' })
  defaultTeam?: TeamResponse;

  @ApiProperty({ type: String, enum: ROLES_STRONGEST_FIRST, nullable: true, description: 'Role of new users; null: guests' })
  defaultRole!: RoleOrGuest;

  @DateTime('When the provider was created')
  createdAt!: string;

  @ApiProperty({ type: String, enum: ['active', 'pending'], description: 'active once ssoURL, entityID and certificate are all set' })
  status!: 'active' | 'pending';

  @ApiProperty({ type: () => SamlServiceProvider, description: 'This server as the service provider' })
  service!: SamlServiceProvider;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}

/** GitBook's OrganizationSSOProviderLogin (SamlPresenter.login). */
export class SsoLoginResponse {
  @ApiProperty({ type: String, description: 'Unique identifier for the provider' })
  id!: string;

  @ApiProperty({ type: String, minLength: 1, maxLength: 30 })
  label!: string;

  @ApiProperty({ type: String, format: 'uri', description: 'Where sign-in with this provider starts' })
  startURL!: string;
}

/** GET /v1/orgs/{organizationId}/sso: every SSO sign-in option, unpaginated. */
export class SsoLoginsResponse {
  @ApiProperty({ type: () => SsoLoginResponse, isArray: true })
  items!: SsoLoginResponse[];
}
