import MarkdownIt from 'markdown-it';
import { gitbookBlocks } from './gitbook-blocks.domain';

/**
 * The markdown the documents are converted from and to: CommonMark with GitHub's tables and
 * strike-through, GitBook's blocks, no HTML (raw HTML stays text), no bare-URL links.
 *
 * `maxNesting` bounds how deep markdown-it descends (deeper structure is left out), so a converted
 * document stays within DOCUMENT_LIMITS.maxDepth. Links keep their target as written (no
 * percent re-encoding): the space resolves them as written (links.domain.ts). Targets markdown-it
 * refuses (`javascript:` and the like) stay text.
 */
export const MARKDOWN_MAX_NESTING = 50;

export const documentMarkdown: MarkdownIt = (() => {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
  (md.options as { maxNesting?: number }).maxNesting = MARKDOWN_MAX_NESTING;
  md.normalizeLink = (url: string) => url;
  md.use(gitbookBlocks);
  return md;
})();

export type Token = MarkdownIt.Token;
