import MarkdownIt from 'markdown-it';
import { slugOf } from '@docs/kernel';
import {
  classifyHref,
  gitbookBlocks,
  isTagAlone,
  linkTargetsOf,
  LinkTargets,
  resolveLink,
  RevisionLinkData,
  tagAttribute,
} from '@docs/content/documents';
import { highlightBudget, HighlightBudget, highlightCode, languageOf, MAX_PAGE_CHARS } from './code-highlight';

/** A page to render: its markdown, where it is in its revision, and the URL its site space is served at (`''` at a host's root). */
export interface PageToRender {
  markdown: string;
  pageId: string;
  links: RevisionLinkData;
  /** The site space's URL path, without a trailing slash (`/sites/<org>/<name>/guides`, or `''`). */
  base: string;
}

/** A heading of the page's outline (levels 2 and 3). */
export interface OutlineEntry {
  level: number;
  id: string;
  text: string;
}

export interface RenderedPage {
  /** The HTML, a file of the revision it shows or links written `FILE_MARK` + its place in `files` (see withFileUrls). */
  html: string;
  outline: OutlineEntry[];
  /** The revision's files the page shows or links, by first use. */
  files: string[];
  /** Set when a code block was left plain because the page's highlighting budget was spent. */
  highlightCut?: true;
}

/**
 * Where a file's signed URL goes in a rendered page: URLs expire, rendered pages are kept, so the
 * URLs are put in when a page is answered. The mark is `<file:N>`, which markdown-it writes escaped in
 * the attribute and never produces from a page's own text or URLs (`<` is escaped there, percent-encoded in URLs).
 */
const fileMark = (n: number) => `<file:${n}>`;
const FILE_MARKS = /(src|href)="&lt;file:(\d+)&gt;"/g;

/** The rendered page's HTML with each file mark replaced by the URL `urlOf` gives its file. */
export function withFileUrls({ html, files }: RenderedPage, urlOf: (fileId: string) => string): string {
  if (files.length === 0) return html;
  const urls = files.map((id) => urlOf(id).replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`));
  return html.replace(FILE_MARKS, (_, attribute: string, n: string) => `${attribute}="${urls[Number(n)]}"`);
}

/** Headings in the outline at most, and anchors' length: both grow with the page. */
const MAX_OUTLINE = 200;
const MAX_ANCHOR = 80;

/** What the renderer's rules read while rendering one page. */
interface RenderEnv {
  targets: LinkTargets;
  pageId: string;
  base: string;
  anchors: Map<string, number>;
  outline: OutlineEntry[];
  files: string[];
  highlight: HighlightBudget;
}

/** The path of a page of the revision under its site space's URL: the first page is the site space's root. */
export function pageUrl(base: string, pageId: string, targets: Pick<LinkTargets, 'firstPage' | 'pathOf'>): string {
  if (targets.firstPage() === pageId) return base === '' ? '/' : base;
  const path = targets.pathOf(pageId) ?? '';
  return `${base}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Where a written link goes on the site: pages of the revision at their site URL (with their anchor),
 * URLs and files as written; `broken` when it names a page or file the revision does not have.
 */
function siteHref(written: string, env: RenderEnv): { href: string; broken: boolean } {
  const relativeFile = RELATIVE_FILE.exec(written)?.[1];
  if (relativeFile !== undefined && env.targets.hasFile(relativeFile)) return { href: fileMarkOf(relativeFile, env), broken: false };
  const href = classifyHref(written);
  if (href === null || href.form === 'url' || href.form === 'anchor') return { href: written, broken: false };
  const { target, status } = resolveLink({ relation: 'reference', href, raw: written }, env.pageId, env.targets);
  const broken = status === 'broken';
  if (target.kind === 'file' && !broken) return { href: fileMarkOf(target.file, env), broken };
  if (target.kind === 'page') return { href: broken ? written : pageUrl(env.base, target.page, env.targets), broken };
  if (target.kind === 'anchor')
    return { href: `${pageUrl(env.base, target.page, env.targets)}#${encodeURIComponent(target.anchor)}`, broken };
  return { href: written, broken };
}

/** `files/<id>` written relative to the page (GitBook's exports write so), as the API's `/files/<id>`. */
const RELATIVE_FILE = /^(?:\.{1,2}\/)*files\/([^/?#]+)$/;

/** The mark of a file of the revision in the page (its signed URL goes there when the page is answered). */
function fileMarkOf(fileId: string, env: RenderEnv): string {
  let n = env.files.indexOf(fileId);
  if (n < 0) n = env.files.push(fileId) - 1;
  return fileMark(n);
}

/** A heading's anchor: its text as a slug, unique in the page (`-2`, `-3`... after the first). */
function anchorOf(text: string, anchors: Map<string, number>): string {
  const slug = slugOf(text, { max: MAX_ANCHOR, fallback: 'section' });
  const seen = anchors.get(slug) ?? 0;
  anchors.set(slug, seen + 1);
  return seen === 0 ? slug : `${slug}-${seen + 1}`;
}

/**
 * The markdown of served pages: CommonMark with GitHub's tables and strike-through, GitBook's
 * blocks, raw HTML escaped (never passed through), links markdown-it refuses (`javascript:`,
 * `vbscript:`, `file:`, `data:` but images) left as text, bare URLs with a scheme linked.
 */
const markdown: MarkdownIt = (() => {
  const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
  (md.options as { maxNesting?: number }).maxNesting = 50;
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  md.use(gitbookBlocks);
  const escapeHtml = md.utils.escapeHtml;
  const rules = md.renderer.rules;

  rules.heading_open = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    const text = tokens[idx + 1]?.children?.map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : '')).join('') ?? '';
    const id = anchorOf(text, env.anchors);
    token.attrSet('id', id);
    const level = Number(token.tag.slice(1));
    if ((level === 2 || level === 3) && env.outline.length < MAX_OUTLINE) env.outline.push({ level, id, text });
    return self.renderToken(tokens, idx, options);
  };

  rules.link_open = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    const { href, broken } = siteHref(token.attrGet('href') ?? '', env);
    token.attrSet('href', href);
    if (broken) {
      token.attrSet('class', 'broken-link');
      token.attrSet('title', 'This link is broken');
    }
    return self.renderToken(tokens, idx, options);
  };

  // Images of the revision's files (`/files/<id>`, `files/<id>`, a file's name) load from their signed URL.
  const image = rules.image!;
  rules.image = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    const { href, broken } = siteHref(token.attrGet('src') ?? '', env);
    if (href.startsWith('<file:')) token.attrSet('src', href);
    else if (broken) token.attrSet('class', 'broken-image');
    return image(tokens, idx, options, env, self);
  };

  // A content reference standing alone links the page it names, resolved like any link.
  const contentRef = rules.gitbook_content_ref_open!;
  rules.gitbook_content_ref_open = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx]!;
    const url = tagAttribute(token, 'url');
    if (!isTagAlone(token) || !url || !md.validateLink(url)) return contentRef(tokens, idx, options, env, self);
    const { href, broken } = siteHref(url, env);
    const classes = broken ? ' class="broken-link"' : '';
    // A file's mark stays as it is (normalizing would percent-encode it); its URL goes there when answered.
    const target = href.startsWith('<file:') ? href : md.normalizeLink(href);
    return `<div class="content-ref">\n<a href="${escapeHtml(target)}"${classes}>${escapeHtml(url)}</a>\n`;
  };

  // Fenced code, highlighted within the page's budget (code-highlight.ts), in a box the copy button script finds.
  rules.fence = (tokens, idx, _options, env: RenderEnv) => {
    const token = tokens[idx]!;
    const name = md.utils.unescapeAll(token.info).trim().split(/\s+/, 1)[0] ?? '';
    const language = languageOf(name);
    const code = highlightCode(token.content, language, env.highlight);
    const classes = [...(language !== null ? ['hljs'] : []), ...(name ? [`language-${name}`] : [])];
    const attribute = classes.length > 0 ? ` class="${escapeHtml(classes.join(' '))}"` : '';
    return `<div class="code"><pre><code${attribute}>${code}</code></pre></div>\n`;
  };
  return md;
})();

/**
 * The page's HTML and outline. Linear in the markdown (markdown-it), whose size content caps (1 MiB);
 * code highlighted up to `highlightChars` (code-highlight.ts).
 */
export function renderPage({ markdown: source, pageId, links, base }: PageToRender, highlightChars = MAX_PAGE_CHARS): RenderedPage {
  const env: RenderEnv = {
    targets: linkTargetsOf(links),
    pageId,
    base,
    anchors: new Map(),
    outline: [],
    files: [],
    highlight: highlightBudget(highlightChars),
  };
  const html = markdown.render(source, env);
  return { html, outline: env.outline, files: env.files, ...(env.highlight.cut ? { highlightCut: true as const } : {}) };
}

/** Pages rendered in a work thread (render-pages.task.ts runs it). */
export function renderPages(pages: readonly PageToRender[]): RenderedPage[] {
  return pages.map((page) => renderPage(page));
}
