import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { toBoolean } from '@docs/platform';

/** GitBook's query of getChangeRequestPDF and getSpacePDF. */
export class PdfQuery {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Generate a PDF only for the provided page: only=true needs page: the id of the page to export',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'only must be true or false' })
  only?: boolean;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[a-zA-Z0-9_-]+$',
    maxLength: 128,
    description: 'ID of a specific page to generate a PDF for: the page and the pages under it, or the page alone with only=true',
  })
  @IsOptional()
  @IsString({ message: 'page must be a page id' })
  @Matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'page must be a page id (1 to 128 letters, digits, - or _)' })
  page?: string;
}
