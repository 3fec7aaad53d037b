import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { VisitorAuthEntry } from '../sites/site.decider';

/** How much of the key an answer shows: its last characters, so an admin can tell keys apart. */
const SHOWN = 4;

/** GitBook's SitePublishingAuth with the custom backend; `privateKey` masked, never answered in full. */
export class SitePublishingAuthResponse {
  @ApiProperty({ enum: ['publishing-auth'] })
  object!: 'publishing-auth';

  @ApiProperty({ enum: ['custom'], description: 'Custom backend for authenticated access' })
  backend!: 'custom';

  @ApiProperty({
    type: String,
    description: `The key that signs visitors' JWTs (HS256), masked: \`****\` and its last ${SHOWN} characters (it is a secret)`,
  })
  privateKey!: string;

  @ApiPropertyOptional({ type: String, format: 'uri', description: 'Where a reader without a valid token is redirected (absent: 401)' })
  fallbackURL?: string;

  @ApiPropertyOptional({ type: String, format: 'uri', description: 'Where the login backend logs visitors out' })
  logoutURL?: string;
}

export function publishingAuth({ privateKey, fallbackURL, logoutURL }: VisitorAuthEntry): SitePublishingAuthResponse {
  return {
    object: 'publishing-auth',
    backend: 'custom',
    privateKey: `****${privateKey.slice(-SHOWN)}`,
    ...(fallbackURL !== null ? { fallbackURL } : {}),
    ...(logoutURL ? { logoutURL } : {}),
  };
}
