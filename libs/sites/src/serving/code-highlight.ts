/**
 * The part of highlight.js this server uses. Its own types reference the DOM library, which would
 * bring the browser's globals (and their fetch and Headers types) into the whole server's type check.
 */
interface Highlighter {
  getLanguage(name: string): unknown;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}
const hljs: Highlighter = require('highlight.js/lib/common');
import { escapeHtml } from './site-html';

/**
 * Highlighting is some 10 µs a character at worst (highlight.js's grammars on hostile input), so it
 * is bounded: a code block longer than MAX_BLOCK_CHARS, or one past MAX_PAGE_CHARS highlighted in
 * its page, is shown as plain (escaped) text; about a second at worst, in a work thread. A page
 * rendered on the event loop may highlight INLINE_CHARS (some 20 ms at worst): past them it renders
 * again in a work thread (site-pages.ts).
 */
export const MAX_BLOCK_CHARS = 32 * 1024;
export const MAX_PAGE_CHARS = 128 * 1024;
export const INLINE_CHARS = 2 * 1024;

/** What one page has left to highlight (characters), and whether a block went plain for want of it. */
export interface HighlightBudget {
  left: number;
  cut: boolean;
}

/** Each page's rendering starts with a fresh budget. */
export const highlightBudget = (chars = MAX_PAGE_CHARS): HighlightBudget => ({ left: chars, cut: false });

/** The language a fence's info string names (its first word), when highlight.js knows it (by name or alias). */
export function languageOf(info: string): string | null {
  const name = info.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? '';
  return name !== '' && hljs.getLanguage(name) ? name : null;
}

/**
 * The code as HTML for a `<code>` element: highlighted (highlight.js's `hljs-*` spans) in a language
 * it knows while the block and the page's budget allow, else escaped plain text. Spends the budget.
 */
export function highlightCode(code: string, language: string | null, budget: HighlightBudget): string {
  if (language === null || code.length > MAX_BLOCK_CHARS) return escapeHtml(code);
  if (code.length > budget.left) {
    budget.cut = true;
    return escapeHtml(code);
  }
  budget.left -= code.length;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
