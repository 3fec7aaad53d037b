import { Injectable } from '@nestjs/common';
import { conditionHolds } from '../adaptive-content/condition-evaluation';
import { siteCustomization, siteSpaceCustomization } from '../customization/site-customizations';
import type { SiteState } from '../sites/site.decider';
import { pageUrl } from './page-html';
import { ServedLevel, ServedSiteSpace, siteSpaceBase } from './served-structure';
import { ChromeLink, FooterGroup, footerHtml, HeaderItem, headerLinksHtml } from './site-chrome';
import type { PageView } from './site-html';
import { SitePages } from './site-pages';
import { PageStyle, pageStyle, ThemeMode } from './site-theme';
import type { Claims } from './visitor-claims';

type Json = Record<string, unknown>;
/** GitBook's ContentRef, as the customization holds it (checked against GitBook's schema when written). */
type ContentRef = { kind: string; url?: string; page?: string; space?: string; anchor?: string };
type RawLink = { title: string; to: ContentRef | null };
type RawHeaderItem = RawLink & { style?: HeaderItem['style']; links?: RawLink[]; condition?: string };

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const section = (settings: Json, name: string): Json => (isJson(settings[name]) ? settings[name] : {});
const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const hasCondition = (item: RawHeaderItem) => typeof item.condition === 'string' && item.condition !== '';
/** URLs a header or footer link may go to as written: the web and mail, nothing a browser would run. */
const SAFE_URL = /^(?:https?:\/\/|mailto:)/i;

/**
 * What a served page takes from the site's effective customization (the site's, with the site
 * space's override over it: docs/sites-serving.md, "Customization"). `style` is null until the
 * site's customization is first written (or the site space's overridden): such pages keep the stock
 * look, which follows the reader's system.
 */
export interface ServedLook {
  title: string;
  style: PageStyle | null;
  pagination: boolean;
  /** The header items shown to this reader (their condition holds). */
  header: RawHeaderItem[];
  footer: { groups: { title: string; links: RawLink[] }[]; copyright?: string };
  /** Which of the header items this reader is shown, when any has a condition: part of the page's ETag. */
  shown: string;
}

/** The theme mode: fixed when GitBook's `themes` gives one and the reader may not switch, else the reader's system. */
function themeMode(themes: Json): ThemeMode {
  const mode = themes.default;
  return themes.toggeable !== true && (mode === 'light' || mode === 'dark') ? mode : 'auto';
}

/**
 * The look of the site's pages (of `siteSpaceId`'s, with its override; the site's own without one)
 * for a reader with these claims.
 */
export function servedLook(state: SiteState, siteSpaceId: string | null, claims: Claims): ServedLook {
  const stored = state.customization;
  const customized = stored !== undefined && (stored.settings !== null || stored.overrides.some((o) => o.siteSpaceId === siteSpaceId));
  // GitBook's defaults show no title, links or footer, and keep pagination: the stock look, without merging them.
  if (!customized) return { title: state.settings.title, style: null, pagination: true, header: [], footer: { groups: [] }, shown: '' };
  const settings: Json = siteSpaceId === null ? siteCustomization(state) : siteSpaceCustomization(state, siteSpaceId);
  const styling = section(settings, 'styling');
  const primary = isJson(styling.primaryColor) ? (styling.primaryColor as { light: string; dark: string }) : null;
  const items = listOf<RawHeaderItem>(section(settings, 'header').links);
  const holds = items.map((i) => !hasCondition(i) || conditionHolds(i.condition!, claims));
  const footer = section(settings, 'footer');
  return {
    title: typeof settings.title === 'string' ? settings.title : state.settings.title,
    style: primary ? pageStyle(themeMode(section(settings, 'themes')), { primary }) : null,
    pagination: section(settings, 'pagination').enabled !== false,
    header: items.filter((_, i) => holds[i]),
    footer: {
      groups: listOf(footer.groups),
      ...(typeof footer.copyright === 'string' && footer.copyright !== '' ? { copyright: footer.copyright } : {}),
    },
    shown: items.some(hasCondition) ? holds.map(Number).join('') : '',
  };
}

/** Whether what the customization shows may differ by reader (a header item with a condition). */
export function lookHasConditions(state: SiteState): boolean {
  const withOverrides = [state.customization?.settings ?? {}, ...(state.customization?.overrides ?? []).map((o) => o.override)];
  return withOverrides.some((s) => listOf<RawHeaderItem>(section(s, 'header').links).some(hasCondition));
}

/**
 * Where links are resolved: the site as the reader sees it, and the site space and page shown (on the
 * search page, none: the default site space's, and a link to "this page" leads nowhere).
 */
export interface ChromeContext {
  siteBase: string;
  levels: readonly ServedLevel[];
  siteSpace?: ServedSiteSpace;
  pageId?: string;
}

/**
 * The customization's header links and footer as HTML, each link's ContentRef resolved to where it
 * leads on the site: a page (of this space, or of another the site shows) at its URL, an anchor on
 * its page, a space at its site space's URL, a web or mail URL as written. Anything else (a file, a
 * user, a collection, a page the reader cannot open, a `javascript:` URL) is shown as broken text.
 */
@Injectable()
export class ServedChrome {
  constructor(private readonly pages: SitePages) {}

  /** What the look adds to a page's view: its stylesheet (when customized), header links and footer. */
  async view(look: ServedLook, context: ChromeContext): Promise<Pick<PageView, 'style' | 'headerLinks' | 'footer'>> {
    const siteSpace = context.siteSpace ?? context.levels.find((l) => l.default)?.siteSpaces.find((s) => s.default);
    const { headerLinks, footer } = await this.html(look, { ...context, siteSpace });
    return { ...(look.style ? { style: look.style.style } : {}), headerLinks, footer };
  }

  private async html(look: ServedLook, context: ChromeContext): Promise<{ headerLinks: string; footer: string }> {
    const resolve = async ({ title, to }: RawLink): Promise<ChromeLink> => ({ title, href: to ? await this.href(to, context) : null });
    const header: HeaderItem[] = [];
    for (const item of look.header) {
      const links = await Promise.all(listOf<RawLink>(item.links).map(resolve));
      header.push({ ...(await resolve(item)), style: item.style ?? 'link', links });
    }
    const groups: FooterGroup[] = [];
    for (const group of look.footer.groups)
      groups.push({ title: group.title, links: await Promise.all(listOf<RawLink>(group.links).map(resolve)) });
    return { headerLinks: headerLinksHtml(header), footer: footerHtml(groups, look.footer.copyright) };
  }

  private async href(ref: ContentRef, { siteBase, levels, siteSpace: current, pageId }: ChromeContext): Promise<string | null> {
    if (ref.kind === 'url') return typeof ref.url === 'string' && SAFE_URL.test(ref.url) ? ref.url : null;
    if (ref.kind !== 'page' && ref.kind !== 'anchor' && ref.kind !== 'space') return null;
    const space = ref.space ?? current?.spaceId;
    // The site space showing the space: the current one when it is this space, else the first the reader sees.
    const shown = levels.flatMap((level) => level.siteSpaces.filter((s) => s.spaceId === space).map((siteSpace) => ({ level, siteSpace })));
    const at = shown.find((s) => s.siteSpace.id === current?.id) ?? shown[0];
    if (!at) return null;
    const base = siteSpaceBase(siteBase, at.level, at.siteSpace);
    if (ref.kind === 'space') return base || '/';
    const target = ref.page ?? (space === current?.spaceId ? pageId : undefined);
    if (target === undefined) return null;
    const index = await this.pages.revision(at.siteSpace.spaceId, at.siteSpace.revision);
    if (!index?.byId.has(target)) return null;
    const url = pageUrl(base, target, { firstPage: () => index.links.firstPage, pathOf: (id) => index.links.paths.get(id) });
    return ref.kind === 'anchor' && typeof ref.anchor === 'string' ? `${url}#${encodeURIComponent(ref.anchor)}` : url;
  }
}
