/**
 * What one page may hold, and how much of it the work that grows with a page (search sections,
 * link listings, merges) takes on (docs/content-design.md, "Caps on a page"). Edits past the input
 * cap are refused with a 400 naming the change, the page and the cap; the output caps cut what is
 * derived from a page, and say so.
 */

/**
 * A page's markdown, in UTF-8 bytes. GitBook pages are far smaller (a long reference page is a
 * few hundred KiB); at 1 MiB every derivation of a page stays within its time budget, and a batch
 * of edits (CONTENT_EDIT_BODY_LIMIT_BYTES, 25 MiB by default) still carries many full pages.
 */
export const MAX_PAGE_MARKDOWN_BYTES = 1024 * 1024;

/**
 * Sections search indexes per page (the text before the first heading counts as one); later headings
 * are indexed as text of the last. Each section is a row of the full-text index, some 0.1 to 0.2 ms to
 * write in the projection's batch, which holds the event loop: 200 rows are some 30 ms.
 */
export const MAX_SECTIONS_PER_PAGE = 200;

/**
 * Plain text search indexes per page (section bodies; titles always): its full-text rows are
 * written while the projection's batch holds the event loop, some 0.1 ms a KiB. Past it the section
 * where the text stops ends with ` …` and later sections keep their titles only.
 */
export const MAX_INDEXED_CHARS_PER_PAGE = 256 * 1024;

/** Distinct links a page's listing holds; past it the listing leaves the others out and counts them in `stats.total`. */
export const MAX_LINKS_PER_PAGE = 1000;

/**
 * Levels pages nest (1: the top level). Reads walk a page's ancestors and build its path from them,
 * so a tree thousands of pages deep made every read of the space slow (and deep enough, overflowed
 * the call stack); documentation rarely goes past five levels.
 */
export const MAX_PAGE_DEPTH = 50;

/** `1 MiB`, `1.3 MiB`, `512 KiB`, `20 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}

/**
 * The UTF-8 size of `markdown` when it is past MAX_PAGE_MARKDOWN_BYTES, else null (counted only when its length cannot decide: 1 to 3 bytes
 * a character).
 */
export function oversizeMarkdown(markdown: string): number | null {
  if (markdown.length * 3 <= MAX_PAGE_MARKDOWN_BYTES) return null;
  const bytes = Buffer.byteLength(markdown, 'utf8');
  return bytes > MAX_PAGE_MARKDOWN_BYTES ? bytes : null;
}
