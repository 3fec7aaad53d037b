import hljs from 'highlight.js/lib/common';
import { escapeHtml } from './site-html';

/**
 * Highlighting is some 10 µs a character at worst (highlight.js's grammars on hostile input), so it
 * is bounded: a code block longer than MAX_BLOCK_CHARS, or one past MAX_PAGE_CHARS highlighted in
 * its page, is shown as plain (escaped) text. Pages with code render in a work thread (site-pages.ts),
 * where the page's caps keep highlighting to about a second.
 */
export const MAX_BLOCK_CHARS = 32 * 1024;
export const MAX_PAGE_CHARS = 128 * 1024;

/** What one page has left to highlight (characters); each page's rendering starts with a fresh one. */
export interface HighlightBudget {
  left: number;
}

export const highlightBudget = (): HighlightBudget => ({ left: MAX_PAGE_CHARS });

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
  if (language === null || code.length > MAX_BLOCK_CHARS || code.length > budget.left) return escapeHtml(code);
  budget.left -= code.length;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

/** Whether markdown has a fenced code block (a line opening with ``` or ~~~): such pages render in a work thread. */
export const hasFencedCode = (markdown: string) => /^ {0,3}(?:```|~~~)/m.test(markdown);
