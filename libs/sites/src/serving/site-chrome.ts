import { escapeHtml } from './site-html';

/** A link of the customization's header or footer, its target resolved: null when it names nothing the reader can open. */
export interface ChromeLink {
  title: string;
  href: string | null;
}

/** A header item (GitBook's CustomizationHeaderItem): a link, a button, or a menu of links. */
export interface HeaderItem extends ChromeLink {
  style: 'link' | 'button-primary' | 'button-secondary';
  links: ChromeLink[];
}

/** A footer group (GitBook's CustomizationFooterGroup). */
export interface FooterGroup {
  title: string;
  links: ChromeLink[];
}

/** A link, or its title as text marked broken when it leads nowhere. */
function link({ title, href }: ChromeLink, className?: string): string {
  if (href === null) return `<span class="broken-link">${escapeHtml(title)}</span>`;
  return `<a href="${escapeHtml(href)}"${className ? ` class="${className}"` : ''}>${escapeHtml(title)}</a>`;
}

const list = (links: readonly ChromeLink[]) => `<ul>${links.map((l) => `<li>${link(l)}</li>`).join('')}</ul>`;

/**
 * The header's links: each item a link (buttons styled as such), or, with links of its own, a menu
 * that opens without a script (`<details>`), its own target first.
 */
export function headerLinksHtml(items: readonly HeaderItem[]): string {
  if (items.length === 0) return '';
  const entries = items.map((item) => {
    if (item.links.length === 0) return `<li>${link(item, item.style === 'link' ? undefined : item.style)}</li>`;
    const own = item.href === null ? [] : [item];
    return `<li><details><summary>${escapeHtml(item.title)}</summary>${list([...own, ...item.links])}</details></li>`;
  });
  return `<nav class="header-links" aria-label="Site links"><ul>${entries.join('')}</ul></nav>`;
}

/** The footer's groups of links, then the copyright line. */
export function footerHtml(groups: readonly FooterGroup[], copyright: string | undefined): string {
  const nav = groups.map((g) => `<div class="footer-group"><p class="footer-group-title">${escapeHtml(g.title)}</p>${list(g.links)}</div>`);
  return [
    ...(nav.length > 0 ? [`<nav class="footer-links" aria-label="Footer">${nav.join('')}</nav>`] : []),
    ...(copyright ? [`<p class="copyright">${escapeHtml(copyright)}</p>`] : []),
  ].join('');
}
