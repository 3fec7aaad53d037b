import { BodiesToAnswer, bodiesIn, DocumentInput, markdownOfDocument } from './page-bodies.domain';

/**
 * Runs in a work thread (content-reads/page-bodies.ts, through the WorkPool), or on the event loop
 * for a few KiB: pages' bodies in the form a read asks, as text: the markdown, or the document's JSON
 * (written into the answer as it is, so a large document is never copied back as objects nor
 * serialised again on the event loop).
 */
export function pageBodyTexts(input: BodiesToAnswer): string[] {
  return bodiesIn(input).map((body) => ('document' in body ? JSON.stringify(body.document) : body.markdown));
}

/**
 * Runs in a work thread (change-requests/document-bodies.ts): the markdown of documents sent as page
 * bodies, each handed over as its JSON text (a string crosses to the thread far faster than the
 * objects of a large document).
 */
export function markdownOfDocuments(texts: readonly string[]): DocumentInput[] {
  return texts.map((text) => markdownOfDocument(JSON.parse(text)));
}
