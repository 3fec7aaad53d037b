import { LinkTargets } from '../links/links.domain';
import { revisionDocumentContext } from './document-links.domain';
import { JSONDocument } from './document-nodes.domain';
import { documentToMarkdown } from './document-to-markdown.domain';
import { validateDocument } from './document-validation.domain';
import { markdownToDocument } from './markdown-to-document.domain';

/**
 * How a page read answers bodies: the markdown as stored; the markdown rewritten from the page's
 * document, every reference to a page or file written as its stable id (`/pages/<pageId>`,
 * `/pages/<pageId>#<anchor>`, `/files/<fileId>`; `format.markdown.refs=stable`); or GitBook's JSON
 * document (`format=document`).
 */
export type BodyForm = 'markdown' | 'stable-markdown' | 'document';

/** A page's body as GitBook's `Document` one-of has it. */
export type PageBody = { markdown: string } | { document: JSONDocument };

/**
 * What resolving a page's links needs of its revision, as plain data: it is handed to work threads
 * (structured-cloned), where `linkTargetsOf` makes the link resolver's targets of it.
 */
export interface RevisionLinkData {
  pages: ReadonlySet<string>;
  byPath: ReadonlyMap<string, string>;
  paths: ReadonlyMap<string, string>;
  withChildren: ReadonlySet<string>;
  firstPage?: string;
  files: ReadonlySet<string>;
  /** The first file of each name. */
  fileNames: ReadonlyMap<string, string>;
  appOrigin?: string;
}

export function linkTargetsOf(data: RevisionLinkData): LinkTargets {
  return {
    hasPage: (id) => data.pages.has(id),
    pageAtPath: (path) => data.byPath.get(path),
    pathOf: (id) => data.paths.get(id),
    hasChildren: (id) => data.withChildren.has(id),
    firstPage: () => data.firstPage,
    hasFile: (id) => data.files.has(id),
    fileNamed: (name) => data.fileNames.get(name),
    ...(data.appOrigin ? { appOrigin: data.appOrigin } : {}),
  };
}

/** Pages' markdown to answer in a form, with their revision's link data. */
export interface BodiesToAnswer {
  form: Exclude<BodyForm, 'markdown'>;
  links: RevisionLinkData;
  pages: readonly { pageId: string; markdown: string }[];
}

/**
 * Each page's body in the form: the document is converted from the markdown with the page's
 * document context (links to pages and files of the revision become GitBook references), and the
 * stable markdown is written back from that document. Linear in the markdown (markdownToDocument).
 */
export function bodiesIn({ form, links, pages }: BodiesToAnswer): PageBody[] {
  const targets = linkTargetsOf(links);
  return pages.map(({ pageId, markdown }) => {
    const document = markdownToDocument(markdown, revisionDocumentContext(pageId, targets));
    return form === 'document' ? { document } : { markdown: documentToMarkdown(document) };
  });
}

/** A page body sent as a JSON document: its markdown, or what is wrong with it (each error naming its node's path). */
export type DocumentInput = { markdown: string } | { errors: string[] };

/**
 * The markdown of a document sent as a page body, after validateDocument (whose bounds keep the
 * walk short); references are written in their stable form, which the space resolves.
 */
export function markdownOfDocument(value: unknown): DocumentInput {
  const errors = validateDocument(value);
  return errors.length > 0 ? { errors } : { markdown: documentToMarkdown(value as JSONDocument) };
}

/**
 * How many objects and arrays the JSON values hold together, counted no further than `cap`: the
 * walk stops there, so it costs at most the cap whatever the values (which decides whether they are
 * converted on the event loop or in a work thread).
 */
export function jsonNodesUpTo(values: readonly unknown[], cap: number): number {
  const stack: unknown[] = [...values];
  let count = 0;
  while (stack.length > 0 && count < cap) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    count++;
    for (const child of Array.isArray(value) ? value : Object.values(value))
      if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return count;
}

/** The items in runs of at most `cap` in size together (an item larger than the cap alone), in order: the tasks of a work pool. */
export function inRuns<T>(items: readonly T[], size: (item: T) => number, cap: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let total = 0;
  for (const item of items) {
    if (run.length > 0 && total + size(item) > cap) {
      runs.push(run);
      run = [];
      total = 0;
    }
    run.push(item);
    total += size(item);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
