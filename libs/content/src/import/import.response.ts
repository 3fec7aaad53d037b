import { ApiProperty } from '@nestjs/swagger';

/** The answer of importContent / importContentInChangeRequest (the seed's shape; GitBook has no schema for it). */
export class ImportContentResponse {
  @ApiProperty({ type: String, description: 'The revision the import created (of the live content, or of the change request)' })
  revision!: string;

  @ApiProperty({ type: Number, description: 'Pages imported (one page each)' })
  importedResources!: number;

  @ApiProperty({
    type: Number,
    description:
      'Same-origin pages found that robots.txt allows, within the depth bound: the imported ones, those ' +
      'past the page, byte or time bounds, and those that failed',
  })
  totalResources!: number;
}
