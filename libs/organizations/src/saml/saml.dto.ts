import { X509Certificate } from 'node:crypto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUrl, Length, MaxLength, registerDecorator } from 'class-validator';
import { IsOptionalNotNull } from '@docs/platform';
import { Role } from '@docs/kernel';
import { ROLES_STRONGEST_FIRST } from '../shared/roles.domain';

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** A PEM-encoded X.509 certificate that node:crypto can parse. */
function IsX509Pem() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isX509Pem',
      target: object.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string' || !PEM.test(value)) return false;
          try {
            new X509Certificate(value);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: () => `${propertyName} must be a PEM-encoded X.509 certificate (-----BEGIN CERTIFICATE----- ...)`,
      },
    });
}

const URL_OPTIONS = { require_protocol: true, require_tld: false, protocols: ['http', 'https'] };
const ROLE_MESSAGE = `defaultRole must be one of ${ROLES_STRONGEST_FIRST.join(', ')} or null`;

export class CreateSamlProviderBody {
  @ApiProperty({ minLength: 1, maxLength: 30 })
  @IsString()
  @Length(1, 30)
  label!: string;

  @ApiPropertyOptional({ maxLength: 1024, description: 'Entity ID of the identity provider' })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 1024)
  entityID?: string;

  @ApiPropertyOptional({ maxLength: 10000, description: 'X.509 certificate of the identity provider, PEM-encoded' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(10000)
  @IsX509Pem()
  certificate?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, description: 'Single sign-on URL of the identity provider' })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(2048)
  @IsUrl(URL_OPTIONS, { message: 'ssoURL must be an http(s) URL' })
  ssoURL?: string;

  @ApiPropertyOptional({ description: 'Id of the team new users join' })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 255)
  defaultTeam?: string;

  @ApiPropertyOptional({ enum: ROLES_STRONGEST_FIRST, nullable: true })
  @IsOptional()
  @IsIn([...ROLES_STRONGEST_FIRST], { message: ROLE_MESSAGE })
  defaultRole?: Role | null;
}

export class UpdateSamlProviderBody {
  @ApiPropertyOptional({ minLength: 1, maxLength: 30 })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 30)
  label?: string;

  @ApiPropertyOptional({ maxLength: 1024 })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 1024)
  entityID?: string;

  @ApiPropertyOptional({ maxLength: 10000 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(10000)
  @IsX509Pem()
  certificate?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(2048)
  @IsUrl(URL_OPTIONS, { message: 'ssoURL must be an http(s) URL' })
  ssoURL?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Team id; null removes the default team' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  defaultTeam?: string | null;

  @ApiPropertyOptional({ enum: ROLES_STRONGEST_FIRST, nullable: true })
  @IsOptional()
  @IsIn([...ROLES_STRONGEST_FIRST], { message: ROLE_MESSAGE })
  defaultRole?: Role | null;
}
