import { X509Certificate } from 'node:crypto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUrl, Length, MaxLength, registerDecorator } from 'class-validator';
import { ApiField, IsOptionalNotNull, Stacked, IsOneOf } from '@docs/platform';
import { Role } from '@docs/kernel';
import { ROLES_STRONGEST_FIRST } from '../shared/roles.domain';

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** A PEM-encoded X.509 certificate that node:crypto can parse. */
function IsX509Pem(): PropertyDecorator {
  return (object, key) => {
    const propertyName = String(key);
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
  };
}

/** A certificate IsX509Pem takes (self-signed, for idp.example.com), the documented example of the format. */
const EXAMPLE_CERTIFICATE = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBijCCATGgAwIBAgIUFdNxYHx1oEqh8fZYdKalNHdrGBEwCgYIKoZIzj0EAwIw',
  'GjEYMBYGA1UEAwwPaWRwLmV4YW1wbGUuY29tMCAXDTI2MTEyNjIzNTQwNVoYDzIx',
  'MjYxMTAyMjM1NDA1WjAaMRgwFgYDVQQDDA9pZHAuZXhhbXBsZS5jb20wWTATBgcq',
  'hkjOPQIBBggqhkjOPQMBBwNCAATS8yTuykSBzgroLdBu27fihXtZGhwBavMhn3X+',
  'y+QQN8R0WQhTgljwOo37gETblMQ/U9iY3oQlFR1dZIkBkPvlo1MwUTAdBgNVHQ4E',
  'FgQUhgm13JqDnKnLh29/3IsF4T23go4wHwYDVR0jBBgwFoAUhgm13JqDnKnLh29/',
  '3IsF4T23go4wDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiB7lvw5',
  'h0f1DbVMXpsaTxJKG0AwrphE8Fvgjs+iWAr4lwIgZjS4ptwFCWnl4itvgGLdHXhv',
  '/Uk00w484bUjWfVNAxg=',
  '-----END CERTIFICATE-----',
].join('\n');

const URL_OPTIONS = { require_protocol: true, require_tld: false, protocols: ['http', 'https'] };

/** `description`, when there is one, for the documentation of a field. */
const described = (description?: string) => (description !== undefined ? { description } : {});

/** The settings of a provider, as created and as updated (which documents them less): absent leaves them, null is refused. */
const Label = (required: boolean) => Stacked(ApiField({ minLength: 1, maxLength: 30 }, { required }), IsString(), Length(1, 30));
const EntityId = (description?: string) => Stacked(ApiField({ maxLength: 1024, ...described(description) }), IsString(), Length(1, 1024));
const Certificate = (description?: string) =>
  Stacked(
    ApiField({ maxLength: 10000, format: 'x509-pem', example: EXAMPLE_CERTIFICATE, ...described(description) }),
    IsString(),
    MaxLength(10000),
    IsX509Pem(),
  );
const SsoUrl = (description?: string) =>
  Stacked(
    ApiField({ format: 'uri', maxLength: 2048, ...described(description) }),
    IsString(),
    MaxLength(2048),
    IsUrl(URL_OPTIONS, { message: 'ssoURL must be an http(s) URL' }),
  );
const DefaultRole = () =>
  Stacked(
    ApiPropertyOptional({ enum: ROLES_STRONGEST_FIRST, nullable: true }),
    IsOptional(),
    IsOneOf('defaultRole', ROLES_STRONGEST_FIRST, 'or null'),
  );

export class CreateSamlProviderBody {
  @Label(true)
  label!: string;

  @EntityId('Entity ID of the identity provider')
  entityID?: string;

  @Certificate('X.509 certificate of the identity provider, PEM-encoded')
  certificate?: string;

  @SsoUrl('Single sign-on URL of the identity provider')
  ssoURL?: string;

  @ApiPropertyOptional({ description: 'Id of the team new users join' })
  @IsOptionalNotNull()
  @IsString()
  @Length(1, 255)
  defaultTeam?: string;

  @DefaultRole()
  defaultRole?: Role | null;
}

export class UpdateSamlProviderBody {
  @Label(false)
  label?: string;

  @EntityId()
  entityID?: string;

  @Certificate()
  certificate?: string;

  @SsoUrl()
  ssoURL?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Team id; null removes the default team' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  defaultTeam?: string | null;

  @DefaultRole()
  defaultRole?: Role | null;
}
