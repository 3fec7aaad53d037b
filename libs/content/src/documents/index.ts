// `@docs/content/documents`: GitBook's JSON document (`JSONDocument`) and its conversion to and from
// the markdown bodies are stored as, for other contexts (collaboration's comment bodies). Pure
// functions only: importing it loads no part of the content context but this folder and the link
// classification it reads (docs/architecture.md, "Boundaries").
export { documentToMarkdown } from './document-to-markdown.domain';
export { markdownToDocument } from './markdown-to-document.domain';
export { isDocument, validateDocument } from './document-validation.domain';
export { DOCUMENT_LIMITS, EXAMPLE_BLOCK } from './document-nodes.domain';
export type { DocumentBlock, DocumentLimits, DocumentRef, JSONDocument } from './document-nodes.domain';
export type { DocumentContext } from './document-links.domain';
// For renderers of page bodies (the sites context's served pages): GitBook's blocks as a markdown-it
// plugin, and the resolution of a body's links in its revision.
export { gitbookBlocks, isTagAlone, tagAttribute } from './gitbook-blocks.domain';
export { linkTargetsOf } from './page-bodies.domain';
export type { RevisionLinkData } from './page-bodies.domain';
export { classifyHref, resolveLink } from '../links/links.domain';
export type { LinkTargets, ResolvedLink } from '../links/links.domain';
