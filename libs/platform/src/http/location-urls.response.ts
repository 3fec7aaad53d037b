import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

/** The `urls` of an API object that has its own address: `location`, which @Located sends as the `Location` of a creation. */
export class LocationUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'API URL of this object' })
  location!: string;
}

/**
 * `LocationUrls` and more URLs, each with its description (undefined: none). Extend it, so the
 * schema is named after the subclass:
 *
 *   export class SpaceUrls extends Urls({ app: 'URL of the space in the application' }) {}
 */
export function Urls<K extends string>(urls: Record<K, string | undefined>): Type<LocationUrls & Record<K, string>> {
  class MoreUrls extends LocationUrls {}
  for (const [name, description] of Object.entries<string | undefined>(urls))
    ApiProperty({ type: String, format: 'uri', ...(description !== undefined ? { description } : {}) })(MoreUrls.prototype, name);
  return MoreUrls as Type<LocationUrls & Record<K, string>>;
}
