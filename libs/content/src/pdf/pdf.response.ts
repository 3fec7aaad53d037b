import { ApiProperty } from '@nestjs/swagger';

/** GitBook's answer of getChangeRequestPDF and getSpacePDF. */
export class PdfUrlResponse {
  @ApiProperty({
    type: String,
    format: 'uri',
    maxLength: 2048,
    description:
      'Temporary URL serving the content as PDF, without a token (the URL is signed); it works for PDF_URL_TTL_SECONDS (1 h by default)',
  })
  url!: string;
}
