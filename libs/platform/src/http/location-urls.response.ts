import { ApiProperty } from '@nestjs/swagger';

/** The `urls` of an API object that has its own address: `location`, which @Located sends as the `Location` of a creation. */
export class LocationUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'API URL of this object' })
  location!: string;
}
