import { parseOpenAPI, validateOpenAPI } from './openapi-document';
import { DocumentFormat } from '../domain/openapi-spec';

export interface ProcessedOpenAPI {
  format: DocumentFormat;
  canonical: string;
  infoVersion: string;
}

/**
 * Runs in a work thread (OpenAPISpecProcessor, through the WorkPool): parses, measures and validates
 * a document's text. A document that is not usable throws OpenAPIParseError, which reaches the
 * processor as a WorkError naming it.
 */
export async function processOpenAPIText(text: string): Promise<ProcessedOpenAPI> {
  const parsed = parseOpenAPI(text);
  await validateOpenAPI(parsed.document);
  return { format: parsed.format, canonical: parsed.canonical, infoVersion: parsed.infoVersion };
}
