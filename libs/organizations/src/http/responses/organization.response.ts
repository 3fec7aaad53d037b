import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ORGANIZATION_TYPES } from '../../domain/organization';
import { ROLES } from '../../domain/roles';

/** GitBook's OrganizationUseCase and OrganizationCommunityType (nothing sets them yet; answered when set). */
const USE_CASES = ['internalDocs', 'docsSite', 'audienceControlledSite', 'productDocs', 'teamKnowledgeBase', 'designSystem', 'openSourceDocs', 'notes', 'other'];
const COMMUNITY_TYPES = ['nonProfit', 'openSource', 'education'];

export class OrganizationSitePointer {
  @ApiProperty({ type: String, enum: ['site'] })
  type!: 'site';

  @ApiProperty({ type: String, description: 'Unique identifier for the site' })
  site!: string;
}

export class OrganizationUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'URL of the organization in the API' })
  location!: string;

  @ApiProperty({ type: String, format: 'uri', description: 'URL of the organization in the application' })
  app!: string;

  @ApiPropertyOptional({ type: String, format: 'uri', maxLength: 2048, description: 'URL of the logo of the organization, when it has one' })
  logo?: string;
}

export class OrganizationPricePair {
  @ApiProperty({ type: Number, minimum: 0, description: 'Monthly price in USD (always 0 here)' })
  monthly!: number;

  @ApiProperty({ type: Number, minimum: 0, description: 'Yearly price in USD, per month (always 0 here)' })
  yearly!: number;
}

export class OrganizationMemberPricing {
  @ApiProperty({ type: () => OrganizationPricePair })
  plus_2024!: OrganizationPricePair;

  @ApiProperty({ type: () => OrganizationPricePair })
  pro_2024!: OrganizationPricePair;
}

export class OrganizationSitePricing {
  @ApiProperty({ type: () => OrganizationPricePair })
  premium!: OrganizationPricePair;

  @ApiProperty({ type: () => OrganizationPricePair })
  ultimate!: OrganizationPricePair;
}

export class OrganizationPricing {
  @ApiProperty({ type: () => OrganizationMemberPricing })
  members!: OrganizationMemberPricing;

  @ApiProperty({ type: () => OrganizationSitePricing })
  sites!: OrganizationSitePricing;
}

/** GitBook's OrganizationBilling, as a self-hosted server answers it: nobody is billed. */
export class OrganizationBilling {
  @ApiProperty({ type: String, enum: ['monthly', 'yearly'] })
  interval!: 'monthly' | 'yearly';

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Always null' })
  endDate!: string | null;

  @ApiProperty({ type: Boolean })
  hasPaymentFailed!: boolean;

  @ApiProperty({ type: Boolean })
  canCheckout!: boolean;

  @ApiProperty({ type: Boolean })
  isScheduledToCancel!: boolean;

  @ApiProperty({ type: () => OrganizationPricing })
  pricing!: OrganizationPricing;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] },
    description: 'Usage-based add-ons by name (always empty)',
  })
  usageAddons!: Record<string, { enabled: boolean }>;

  @ApiProperty({ type: Boolean })
  canChangeInterval!: boolean;

  @ApiProperty({ type: Boolean })
  canUseSAML!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'AI credit bundle: always null (no AI usage is billed)' })
  creditsBundle!: string | null;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100, description: 'Low AI credit alert threshold: always null' })
  aiCreditAlertThreshold!: number | null;
}

export class OrganizationMergeRules {
  @ApiProperty({ type: String, enum: ['none'], description: 'Change requests merge without review' })
  type!: 'none';
}

export class OrganizationTrial {
  @ApiProperty({ type: String, enum: ['notapplicable'], description: 'No trial applies to a self-hosted server' })
  status!: 'notapplicable';

  @ApiProperty({ type: 'integer', description: 'Number of trials the organization has consumed (always 0)' })
  count!: number;
}

/** The caller's permissions on the organization (GitBook's, plus ingestConversations). */
export class OrganizationPermissions {
  @ApiProperty({ type: Boolean, description: 'Can the caller view the organization' }) view!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller view the organization in the application' }) access!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller manage the title, members, etc.' }) admin!: boolean;
  @ApiProperty({ type: Boolean, description: 'Is the caller a team owner' }) ownTeam!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller create spaces and collections' }) createContent!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller create OpenAPI specifications' }) createOpenAPISpec!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller ingest conversations' }) ingestConversations!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller view the billing details' }) viewBilling!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller list the members' }) listMembers!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller list the teams' }) listTeams!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller list the integrations' }) listIntegrations!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller list the integration installations' }) listInstallations!: boolean;
  @ApiProperty({ type: Boolean, description: 'Can the caller install integrations' }) installIntegration!: boolean;
}

/** GitBook's Organization (OrganizationsPresenter.organization), seen by the caller. */
export class OrganizationResponse {
  @ApiProperty({ type: String, enum: ['organization'] })
  object!: 'organization';

  @ApiProperty({ type: String, description: 'Unique identifier for the organization' })
  id!: string;

  @ApiProperty({ type: String, minLength: 2, maxLength: 255, description: 'Name of the organization' })
  title!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: [String], description: 'E-mail domains whose people may find and join the organization' })
  emailDomains!: string[];

  @ApiPropertyOptional({ type: String, minLength: 3, maxLength: 32, description: "Default hostname of the organization's public content, when set" })
  hostname?: string;

  @ApiProperty({ type: String, enum: ORGANIZATION_TYPES })
  type!: (typeof ORGANIZATION_TYPES)[number];

  @ApiPropertyOptional({ type: String, enum: USE_CASES })
  useCase?: string;

  @ApiPropertyOptional({ type: String, enum: COMMUNITY_TYPES })
  communityType?: string;

  @ApiProperty({ type: String, enum: ROLES, nullable: true, description: 'Role of people who join without one; null: they join as guests' })
  defaultRole!: (typeof ROLES)[number] | null;

  @ApiPropertyOptional({ type: () => OrganizationSitePointer, description: 'The default content of the organization, when set' })
  defaultContent?: OrganizationSitePointer;

  @ApiProperty({ type: Boolean, description: 'Whether SSO is enforced organization-wide' })
  sso!: boolean;

  @ApiProperty({ type: Boolean, description: 'Whether the organization uses the AI features' })
  ai!: boolean;

  @ApiProperty({ type: Boolean, description: 'Whether invite links are enabled' })
  inviteLinks!: boolean;

  @ApiProperty({ type: Boolean, description: 'Whether the caller can read the audit logs (admins)' })
  auditLogs!: boolean;

  @ApiProperty({ type: String, description: "Billing product (GitBook's BillingProduct); new organizations are on free_2024", example: 'free_2024' })
  plan!: string;

  @ApiPropertyOptional({ type: () => OrganizationBilling, description: 'Billing details, for members only' })
  billing?: OrganizationBilling;

  @ApiProperty({ type: () => OrganizationMergeRules })
  mergeRules!: OrganizationMergeRules;

  @ApiProperty({ type: () => OrganizationUrls })
  urls!: OrganizationUrls;

  @ApiProperty({ type: () => OrganizationTrial })
  trial!: OrganizationTrial;

  @ApiProperty({ type: Boolean, description: 'Always true' })
  internal_isOnNewTrial!: boolean;

  @ApiProperty({ type: () => OrganizationPermissions })
  permissions!: OrganizationPermissions;
}

/** GET /v1/email-domains/{emailDomain}/orgs */
export class OrganizationsForEmailDomainResponse {
  @ApiProperty({ type: () => OrganizationResponse, isArray: true })
  organizations!: OrganizationResponse[];
}
