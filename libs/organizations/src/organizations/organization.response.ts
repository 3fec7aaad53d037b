import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AlikeFields, ApiObject, DateTime, NullableDateTime, Permissions, Urls } from '@docs/platform';
import { ORGANIZATION_TYPES } from './organization.decider';
import { RoleOrGuest, ROLES_STRONGEST_FIRST } from '../shared/roles.domain';
import { MergeRulesConfiguration } from '@docs/kernel';
import { mergeRulesSchema } from './merge-rules.dto';

/** GitBook's OrganizationUseCase and OrganizationCommunityType (nothing sets them yet; answered when set). */
const USE_CASES = [
  'internalDocs',
  'docsSite',
  'audienceControlledSite',
  'productDocs',
  'teamKnowledgeBase',
  'designSystem',
  'openSourceDocs',
  'notes',
  'other',
];
const COMMUNITY_TYPES = ['nonProfit', 'openSource', 'education'];

export class OrganizationSitePointer {
  @ApiProperty({ type: String, enum: ['site'] })
  type!: 'site';

  @ApiProperty({ type: String, description: 'Unique identifier for the site' })
  site!: string;
}

export class OrganizationUrls extends Urls({ app: 'URL of the organization in the application' }) {
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: 2048,
    description: 'URL of the logo of the organization, when it has one',
  })
  logo?: string;
}

export class OrganizationPricePair {
  @ApiProperty({ type: Number, minimum: 0, description: 'Monthly price in USD (always 0 here)' })
  monthly!: number;

  @ApiProperty({ type: Number, minimum: 0, description: 'Yearly price in USD, per month (always 0 here)' })
  yearly!: number;
}

/** GitBook's prices of a line of billing products: a price pair per product. */
const PRICE_PAIR = { type: () => OrganizationPricePair };

export class OrganizationMemberPricing extends AlikeFields(PRICE_PAIR, 'plus_2024', 'pro_2024') {}

export class OrganizationSitePricing extends AlikeFields(PRICE_PAIR, 'premium', 'ultimate') {}

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

  @NullableDateTime('Always null')
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

export class OrganizationTrial {
  @ApiProperty({ type: String, enum: ['notapplicable'], description: 'No trial applies to a self-hosted server' })
  status!: 'notapplicable';

  @ApiProperty({ type: 'integer', description: 'Number of trials the organization has consumed (always 0)' })
  count!: number;
}

/** The caller's permissions on the organization (GitBook's, plus ingestConversations). */
export class OrganizationPermissions extends Permissions({
  view: 'Can the caller view the organization',
  access: 'Can the caller view the organization in the application',
  admin: 'Can the caller manage the title, members, etc.',
  ownTeam: 'Is the caller a team owner',
  createContent: 'Can the caller create spaces and collections',
  createOpenAPISpec: 'Can the caller create OpenAPI specifications',
  ingestConversations: 'Can the caller ingest conversations',
  viewBilling: 'Can the caller view the billing details',
  listMembers: 'Can the caller list the members',
  listTeams: 'Can the caller list the teams',
  listIntegrations: 'Can the caller list the integrations',
  listInstallations: 'Can the caller list the integration installations',
  installIntegration: 'Can the caller install integrations',
}) {}

/** GitBook's Organization (OrganizationsPresenter.organization), seen by the caller. */
export class OrganizationResponse extends ApiObject('organization', { description: 'Unique identifier for the organization' }) {
  @ApiProperty({ type: String, minLength: 2, maxLength: 255, description: 'Name of the organization' })
  title!: string;

  @DateTime()
  createdAt!: string;

  @ApiProperty({ type: [String], description: 'E-mail domains whose people may find and join the organization' })
  emailDomains!: string[];

  @ApiPropertyOptional({
    type: String,
    minLength: 3,
    maxLength: 32,
    description: "Default hostname of the organization's public content, when set",
  })
  hostname?: string;

  @ApiProperty({ type: String, enum: ORGANIZATION_TYPES })
  type!: (typeof ORGANIZATION_TYPES)[number];

  @ApiPropertyOptional({ type: String, enum: USE_CASES })
  useCase?: string;

  @ApiPropertyOptional({ type: String, enum: COMMUNITY_TYPES })
  communityType?: string;

  @ApiProperty({
    type: String,
    enum: ROLES_STRONGEST_FIRST,
    nullable: true,
    description: 'Role of people who join without one; null: they join as guests',
  })
  defaultRole!: RoleOrGuest;

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

  @ApiProperty({
    type: String,
    description: "Billing product (GitBook's BillingProduct); new organizations are on free_2024",
    example: 'free_2024',
  })
  plan!: string;

  @ApiPropertyOptional({ type: () => OrganizationBilling, description: 'Billing details, for members only' })
  billing?: OrganizationBilling;

  @ApiProperty({ ...mergeRulesSchema(false), description: "The organization's merge rules (none until set)" })
  mergeRules!: MergeRulesConfiguration;

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
