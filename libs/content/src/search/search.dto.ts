import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { PageQuery } from '@docs/platform';

/** GitBook's search query (`searchSpaceContent`, `searchOrganizationContent`): `query` required, 1 to 512 characters, and a page. */
export class SearchQuery extends PageQuery {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: 512,
    description: 'Words to look for (any of them; punctuation and operators are ignored)',
  })
  @IsString({ message: 'query must be a string' })
  @Length(1, 512, { message: 'query must be 1 to 512 characters' })
  query!: string;
}
