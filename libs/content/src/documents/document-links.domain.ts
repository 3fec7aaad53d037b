import { classifyHref, LinkTargets, resolveLink } from '../links/links.domain';
import { DocumentRef } from './document-nodes.domain';

/**
 * What converting between markdown and documents needs to know of the space: which pages and files
 * the links of a body name, and how to write a link to a page or a file. Every member is optional:
 * without them, `/files/<fileId>` names a file, `#anchor` a place in the same page, and every other
 * link stays a URL.
 */
export interface DocumentContext {
  /** The page (or the place in a page) or the file a link as written names, or undefined to leave it to the defaults. */
  resolveHref?(href: string): Exclude<DocumentRef, { kind: 'url' }> | undefined;
  /** How markdown links to a page (and a place in it); `/pages/<pageId>` (`#<anchor>`) by default. */
  pageHref?(pageId: string, anchor?: string): string;
  /** How markdown links to a file; `/files/<fileId>` by default. */
  fileHref?(fileId: string): string;
}

/** The reference a link as written makes, in GitBook's ContentRef kinds. */
export function refOfHref(href: string, context: DocumentContext = {}): DocumentRef {
  const resolved = context.resolveHref?.(href);
  if (resolved) return resolved;
  const form = classifyHref(href);
  if (form?.form === 'file') return { kind: 'file', file: form.fileId };
  if (form?.form === 'anchor') return { kind: 'anchor', anchor: form.anchor };
  return { kind: 'url', url: href };
}

/** Percent-encoding that never throws: a lone surrogate (JSON may carry one) is written as U+FFFD. */
const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** How markdown writes a reference. */
export function hrefOfRef(ref: DocumentRef, context: DocumentContext = {}): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'file':
      return context.fileHref?.(ref.file) ?? `/files/${encode(ref.file)}`;
    case 'page':
      return context.pageHref?.(ref.page) ?? `/pages/${encode(ref.page)}`;
    case 'anchor': {
      if (ref.page === undefined) return `#${encode(ref.anchor)}`;
      return context.pageHref?.(ref.page, ref.anchor) ?? `/pages/${encode(ref.page)}#${encode(ref.anchor)}`;
    }
  }
}

/**
 * The context of a page of a revision: its links resolve as the link listings resolve them
 * (links.domain.ts), a link that names nothing there staying a URL; pages are written `/pages/<pageId>`,
 * places in the page itself `#anchor`.
 */
export function revisionDocumentContext(fromPageId: string, targets: LinkTargets): DocumentContext {
  return {
    resolveHref(href) {
      const written = classifyHref(href);
      if (!written) return undefined;
      const { target, status } = resolveLink({ relation: 'reference', href: written, raw: href.trim() }, fromPageId, targets);
      if (status === 'broken' || target.kind === 'url') return undefined;
      // A place in the page itself stays `#anchor`.
      return target.kind === 'anchor' && target.page === fromPageId ? { kind: 'anchor', anchor: target.anchor } : target;
    },
  };
}
