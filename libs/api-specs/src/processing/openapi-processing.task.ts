import { dereference, parseOpenAPI, validateOpenAPI } from './openapi-document';
import { DocumentFormat } from '../openapi-specs/openapi-spec.decider';

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

/**
 * Runs in a work thread (GetOpenAPISpecVersionContent): a stored version's canonical JSON with its
 * references replaced (`dereference`), as JSON text, so the event loop neither walks nor writes it.
 */
export function dereferenceDocumentText(canonical: string): string {
  return JSON.stringify(dereference(JSON.parse(canonical) as Record<string, unknown>));
}
