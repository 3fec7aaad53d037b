// Only relative imports of files that import no `@docs/*` alias, as `@docs/content/documents` by
// its path: a work thread of a server started by scripts/start.js has no tsconfig-paths to resolve
// aliases (the dependency rules see the same entry point).
import {
  DOCUMENT_LIMITS,
  DocumentLimits,
  documentToMarkdown,
  JSONDocument,
  markdownToDocument,
  validateDocument,
} from '../../../../content/src/documents';
import { MAX_COMMENT_MARKDOWN } from '../comment-limits.domain';

/**
 * GitBook's JSON documents of comment bodies, both ways. Run on the event loop for small bodies and
 * in work threads (comment-bodies.ts, through the WorkPool) for the rest: a task module, so it
 * imports only the converter.
 */

/**
 * The bounds of a document given as a comment body. Its text cannot be longer than a comment's
 * markdown, which holds at least its text; its nodes are bounded by the JSON body (BODY_LIMIT_BYTES,
 * 1 MiB by default, holds some 50,000), and the bound keeps the walk over a hostile one short.
 */
export const COMMENT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = {
  ...DOCUMENT_LIMITS,
  maxTextLength: MAX_COMMENT_MARKDOWN,
  maxNodes: 50_000,
  maxErrors: 5,
};

/** Where a document body is, as messages name it. */
export const DOCUMENT_FIELD = 'body.document';

/** The markdown of a document body, or what is wrong with it (each message naming where). */
export type DocumentMarkdown = { markdown: string } | { problems: string[] };

/**
 * The markdown a comment's `body.document` stands for: validated first (within
 * COMMENT_DOCUMENT_LIMITS), then converted, and refused when it has no text or its markdown is longer
 * than a comment may be.
 */
export function markdownOfDocument(document: unknown): DocumentMarkdown {
  // validateDocument names places from `document`: `document.nodes[0]: ...` becomes `body.document.nodes[0]: ...`.
  const problems = validateDocument(document, COMMENT_DOCUMENT_LIMITS).map((problem) => `body.${problem}`);
  if (problems.length > 0) return { problems };
  // The converter ends the markdown with a newline, as files end; a comment's body need not.
  const markdown = documentToMarkdown(document as JSONDocument).replace(/\n$/, '');
  if (markdown.trim() === '') return { problems: [`${DOCUMENT_FIELD}: must have text (a document of no text is an empty comment)`] };
  if (markdown.length > MAX_COMMENT_MARKDOWN)
    return { problems: [`${DOCUMENT_FIELD} is ${markdown.length} characters as markdown: a comment is at most ${MAX_COMMENT_MARKDOWN}`] };
  return { markdown };
}

/**
 * In a work thread: markdownOfDocument of a document sent as JSON text, which crosses threads in one
 * copy where a structured clone of a large tree of objects holds the event loop for as long as a parse.
 */
export function markdownOfDocumentJson(json: string): DocumentMarkdown {
  return markdownOfDocument(JSON.parse(json));
}

/** The documents of stored comment bodies, in order. */
export function documentsOf(markdowns: readonly string[]): JSONDocument[] {
  return markdowns.map((markdown) => markdownToDocument(markdown));
}

/**
 * In a work thread: the documents of stored bodies as JSON text, or its length when longer than
 * `maxLength`: text crosses to the event loop in one copy and is parsed there faster than a
 * structured clone of the same objects is rebuilt, and its length bounds that work.
 */
export function documentsJsonOf({
  markdowns,
  maxLength,
}: {
  markdowns: readonly string[];
  maxLength: number;
}): { jsons: string[] } | { tooLong: number } {
  const jsons = documentsOf(markdowns).map((document) => JSON.stringify(document));
  const length = jsons.reduce((sum, json) => sum + json.length, 0);
  return length <= maxLength ? { jsons } : { tooLong: length };
}
