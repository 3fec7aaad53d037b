/** What crawled pages are made of, and the markers their markdown holds until an import resolves them. No I/O. */

export interface CrawledPage {
  /** The page's URL path, normalized: no trailing slash, `index.html` dropped (`/` for the root). */
  path: string;
  url: string;
  title: string;
  /** Links to pages of the crawled site, and images, are markers until the import resolves them (resolvePageLinks, resolveImages). */
  markdown: string;
  /** Absolute URLs of the page's images, in order, each once. */
  images: string[];
}

/** Links to these are files, not pages: never fetched. */
const FILE_EXTENSIONS = [
  ...['png', 'jpe?g', 'gif', 'svg', 'webp', 'ico', 'bmp', 'pdf', 'zip', 'gz', 'tgz', 'tar', 'rar', '7z', 'mp[34]', 'mov', 'avi', 'webm'],
  ...['wav', 'ogg', 'woff2?', 'ttf', 'eot', 'css', 'js', 'mjs', 'json', 'xml', 'rss', 'atom', 'txt', 'csv', 'exe', 'dmg', 'apk', 'iso'],
];
export const NOT_PAGES = new RegExp(`\\.(${FILE_EXTENSIONS.join('|')})$`, 'i');

/** The identity of a page: origin and normalized path (query and fragment ignored). */
export function pagePath(url: URL): string {
  let path = url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // keep it encoded
  }
  return path || '/';
}

/**
 * A link to a page of the crawled site, in a page's markdown, stands as a marker (the link's
 * absolute URL in base64url: only letters, digits, `-` and `_`, which no markdown escaping touches)
 * until the import knows which pages it imported and their ids.
 */
const PAGE_LINK = 'docs-import-page:';
const PAGE_LINKS = /docs-import-page:([A-Za-z0-9_-]+)/g;

export const pageLinkMarker = (url: URL): string => `${PAGE_LINK}${Buffer.from(url.href, 'utf8').toString('base64url')}`;

/**
 * A page's markdown with its links to pages of the crawled site resolved: `target` answers, for a
 * page's normalized path, the link to write (the import's `/pages/<id>`), or null for a page that
 * was not imported, whose link is written as its absolute URL. The link's `#fragment` is kept.
 */
export function resolvePageLinks(markdown: string, target: (path: string) => string | null): string {
  return markdown.replace(PAGE_LINKS, (marker, encoded: string) => {
    let url: URL;
    try {
      url = new URL(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return marker; // not one of ours: text of the page that looks like a marker
    }
    const to = target(pagePath(url));
    return to === null ? url.href : `${to}${url.hash}`;
  });
}

/** An image stands as a marker like page links, until the import knows where its bytes went. */
const IMAGE = 'docs-import-image:';
const IMAGES = /docs-import-image:([A-Za-z0-9_-]+)/g;

export const imageMarker = (url: URL): string => `${IMAGE}${Buffer.from(url.href, 'utf8').toString('base64url')}`;

/**
 * A page's markdown with its images resolved: `target` answers, for an image's absolute URL, the
 * link to write (the import's `/files/<id>`), or null to keep the URL.
 */
export function resolveImages(markdown: string, target: (url: string) => string | null): string {
  return markdown.replace(IMAGES, (marker, encoded: string) => {
    let url: URL;
    try {
      url = new URL(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return marker;
    }
    return target(url.href) ?? url.href;
  });
}
