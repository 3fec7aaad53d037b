import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsFQDN,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ApiField, IsOptionalNotNull, NotServed, Stacked, IsOneOf, toBoolean } from '@docs/platform';
import { MergeRulesConfiguration, Role } from '@docs/kernel';
import { MergeRulesField } from './merge-rules.dto';
import { ROLES_STRONGEST_FIRST } from '../shared/roles.domain';

const lowercaseAll = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)) : value;

/** GitBook's OrganizationTitle: 2 to 255 characters, not starting or ending with white space. */
const Title = (required: boolean) =>
  Stacked(
    ApiField({ minLength: 2, maxLength: 255 }, { required }),
    IsString(),
    Length(2, 255),
    Matches(/^\S([\s\S]*\S)?$/, { message: 'title must not start or end with white space' }),
  );

/** At most 100 e-mail domains, compared in lower case (after the field's documentation and its rule for null). */
const EmailDomains = () =>
  Stacked(
    IsArray(),
    ArrayMaxSize(100),
    Transform(lowercaseAll) as PropertyDecorator,
    IsFQDN({}, { each: true, message: 'emailDomains must contain domain names such as example.com' }),
  );

export class CreateOrganizationBody {
  @Title(true)
  title!: string;

  @ApiPropertyOptional({ type: [String], example: ['example.com'], description: 'Domain names such as example.com' })
  @IsOptionalNotNull()
  @EmailDomains()
  emailDomains?: string[];

  @NotServed('onboardingPreferences', 'onboarding preferences are not stored')
  onboardingPreferences?: unknown;
}

/** POST /v1/orgs: GitBook's onboarding options, which this server does not take. */
export class CreateOrganizationQuery {
  @Transform(toBoolean)
  @NotServed('withDefaultSite', 'a new organization has no site; create one with POST /v1/orgs/{organizationId}/sites', false)
  withDefaultSite?: boolean;

  // As a query parameter, "no value at all" cannot be stated (OpenAPI puts the schema's keys beside the parameter's): only '' is taken.
  @NotServed('openapiUrl', 'add an OpenAPI specification with POST /v1/orgs/{organizationId}/openapi', '')
  openapiUrl?: '';
}

export class SitePointerBody {
  @ApiProperty({ enum: ['site'] })
  @Equals('site', { message: 'defaultContent.type must be "site"' })
  type!: 'site';

  @ApiProperty()
  @IsString()
  @Length(1, 100)
  site!: string;
}

export class UpdateOrganizationBody {
  @Title(false)
  title?: string;

  @ApiPropertyOptional({ type: [String], description: 'Domain names such as example.com' })
  @IsOptionalNotNull()
  @EmailDomains()
  emailDomains?: string[];

  @ApiPropertyOptional({ minLength: 3, maxLength: 32, pattern: '^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$' })
  @IsOptionalNotNull()
  @IsString()
  @Length(3, 32)
  @Matches(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, { message: 'hostname must be lowercase letters, digits and inner hyphens' })
  hostname?: string;

  @ApiPropertyOptional({ enum: ROLES_STRONGEST_FIRST, nullable: true, description: 'null makes new members guests' })
  @IsOptional()
  @IsOneOf('defaultRole', ROLES_STRONGEST_FIRST, 'or null')
  defaultRole?: Role | null;

  @ApiPropertyOptional({ type: SitePointerBody, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => SitePointerBody)
  defaultContent?: SitePointerBody | null;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ require_protocol: true, require_tld: false, protocols: ['http', 'https'] }, { message: 'logo must be an http(s) URL' })
  logo?: string | null;

  @ApiPropertyOptional() @IsOptionalNotNull() @IsBoolean() sso?: boolean;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsBoolean() ai?: boolean;
  @ApiPropertyOptional() @IsOptionalNotNull() @IsBoolean() inviteLinks?: boolean;

  @MergeRulesField(false, "The organization's merge rules: what its spaces' change requests need before a merge (spaces may set their own)")
  mergeRules?: MergeRulesConfiguration;
}
