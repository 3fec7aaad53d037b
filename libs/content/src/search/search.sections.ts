import { MAX_PAGE_MARKDOWN_BYTES } from '../page-tree/page-limits.domain';
import { referenceLabels, Section, SectionScanner } from './section-scanner';

export { anchorOf, UniqueAnchors } from './section-scanner';
export type { Section } from './section-scanner';

/**
 * A page's markdown cut into the sections search indexes (docs/content-design.md, "Search, as
 * built"): a section is a heading and the plain text under it, up to the next heading of any level;
 * the text before the first heading is the first section, titled with the page's title. Markup is
 * stripped (plain-text.ts): text, inline code, code blocks, image alt texts and link texts are kept;
 * raw HTML stays literal text, as the renderer shows it. Tables, lists and quotes give their text.
 *
 * Bounded (docs/content-design.md, "Caps on a page"): one pass over the lines with no backtracking
 * (section-scanner.ts), linear in the markdown with a small constant, since a projection runs it on
 * the main thread for every event, at start-up too. At most MAX_PAGE_MARKDOWN_BYTES characters are
 * read (a longer page can only come from before the cap), and at most MAX_SECTIONS_PER_PAGE sections
 * are made: later headings are text of the last section, so no word is left out of the index.
 */

/** Work between two points where scanSections lets its caller pause: about this many characters (a line counts LINE_WORK more). */
export const STEP_WORK = 64 * 1024;
const LINE_WORK = 64;
/** A line longer than this is read in pieces (cut at a space when there is one), as paragraph text. */
const MAX_LINE = 16 * 1024;

/** The sections of a page, at once. */
export function sectionsOf(pageTitle: string, markdown: string): Section[] {
  const steps = scanSections(pageTitle, markdown);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The sections of a page, in steps of about STEP_WORK: a caller on the event loop (the search
 * projection) lets other work run between steps, so even a page at the cap holds the loop for one
 * step at a time. A paragraph still open at a step's end is read then (its text is the same, cut
 * at a line end).
 */
export function* scanSections(pageTitle: string, markdown: string): Generator<void, Section[], void> {
  const text = markdown.length > MAX_PAGE_MARKDOWN_BYTES ? markdown.slice(0, MAX_PAGE_MARKDOWN_BYTES) : markdown;
  const scanner = new SectionScanner(pageTitle, referenceLabels(text));
  let work = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const next = end + 1;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    for (let piece = start; piece < end || piece === start; ) {
      let cut = end;
      if (end - piece > MAX_LINE) {
        const space = text.lastIndexOf(' ', piece + MAX_LINE);
        cut = space > piece + MAX_LINE / 2 ? space : piece + MAX_LINE;
      }
      if (work >= STEP_WORK) {
        scanner.flush();
        yield;
        work = 0;
      }
      scanner.line(text.slice(piece, cut), piece > start);
      work += cut - piece + LINE_WORK;
      piece = cut;
      if (piece === start) break;
    }
    start = next;
  }
  return scanner.end();
}
