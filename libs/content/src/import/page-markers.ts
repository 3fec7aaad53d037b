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
 * A link to a page of the crawled site, or an image, in a page's markdown, stands as a marker (the
 * absolute URL in base64url: only letters, digits, `-` and `_`, which no markdown escaping touches)
 * until the import knows which pages it imported and their ids, and where images went.
 */
const PAGE_LINK = 'docs-import-page:';
const PAGE_LINKS = /docs-import-page:([A-Za-z0-9_-]+)/g;
const IMAGE = 'docs-import-image:';
const IMAGES = /docs-import-image:([A-Za-z0-9_-]+)/g;

const marker = (prefix: string, url: URL): string => `${prefix}${Buffer.from(url.href, 'utf8').toString('base64url')}`;

export const pageLinkMarker = (url: URL): string => marker(PAGE_LINK, url);
export const imageMarker = (url: URL): string => marker(IMAGE, url);

/** Each of `markers` in `markdown` replaced by what `resolve` answers for its URL; text that only looks like one is kept. */
function replaceMarkers(markdown: string, markers: RegExp, resolve: (url: URL) => string): string {
  return markdown.replace(markers, (found, encoded: string) => {
    let url: URL;
    try {
      url = new URL(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return found;
    }
    return resolve(url);
  });
}

/**
 * A page's markdown with its links to pages of the crawled site resolved: `target` answers, for a
 * page's normalized path, the link to write (the import's `/pages/<id>`), or null for a page that
 * was not imported, whose link is written as its absolute URL. The link's `#fragment` is kept.
 */
export function resolvePageLinks(markdown: string, target: (path: string) => string | null): string {
  return replaceMarkers(markdown, PAGE_LINKS, (url) => {
    const to = target(pagePath(url));
    return to === null ? url.href : `${to}${url.hash}`;
  });
}

/**
 * A page's markdown with its images resolved: `target` answers, for an image's absolute URL, the
 * link to write (the import's `/files/<id>`), or null to keep the URL.
 */
export function resolveImages(markdown: string, target: (url: string) => string | null): string {
  return replaceMarkers(markdown, IMAGES, (url) => target(url.href) ?? url.href);
}
