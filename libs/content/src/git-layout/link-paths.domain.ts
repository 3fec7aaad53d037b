import { ASSETS_FOLDER, relativeHref, resolveHref } from './git-paths.domain';

/**
 * Link targets in page bodies, rewritten between their stable forms (`/pages/<id>`,
 * `/pages/<id>#<anchor>`, `/files/<id>`) and the relative paths of the git layout.
 *
 * A target is what follows `](` (or `](<`) in a markdown link or image, or the value of a `src`,
 * `url` or `href` attribute (GitBook's `{% file src %}`, `{% content-ref url %}`, `{% embed url %}`,
 * `<img src>`, `<a href>`), up to a blank, a bracket, a parenthesis, `<`, `>` or `"`. Both directions rewrite only targets
 * that name a page or a file of the content, and import rewrites a relative path only when it is
 * exactly the one export writes (each segment percent-encoded, nothing else: `./page.md` or an
 * unencoded space stays as written). So export then import gives back the bodies as stored, and
 * import then export the files as written: the round trip is exact.
 */
const TARGET = /(\]\(<?|\b(?:src|url|href)=")([^\s()<>"[\]]+)/g;

function rewriteTargets(markdown: string, rewrite: (target: string) => string | undefined): string {
  return markdown.replace(TARGET, (whole, lead: string, target: string) => {
    const next = rewrite(target);
    return next === undefined ? whole : lead + next;
  });
}

const STABLE_PAGE = /^\/pages\/([^/?#]+)(#.*)?$/;
const STABLE_FILE = /^\/files\/([^/?#]+)$/;

/** Where the pages' and files' markdown and assets are, from the space's folder, by id. */
export interface LayoutPaths {
  pagePath: ReadonlyMap<string, string>;
  assetName: ReadonlyMap<string, string>;
}

/** A body's stable links as relative paths from `folder` (the folder of the page's file). */
export function relativeLinks(markdown: string, folder: string, paths: LayoutPaths): string {
  return rewriteTargets(markdown, (target) => {
    const page = STABLE_PAGE.exec(target);
    if (page) {
      const path = paths.pagePath.get(page[1]!);
      return path === undefined ? undefined : relativeHref(folder, path) + (page[2] ?? '');
    }
    const file = STABLE_FILE.exec(target);
    const name = file ? paths.assetName.get(file[1]!) : undefined;
    return name === undefined ? undefined : relativeHref(folder, `${ASSETS_FOLDER}/${name}`);
  });
}

/** Ids by path from the space's folder: the pages' markdown files and the assets (`.gitbook/assets/<name>`). */
export interface LayoutIds {
  pageAt: ReadonlyMap<string, string>;
  fileAt: ReadonlyMap<string, string>;
}

/** A body's relative links, as export writes them, from `folder`, back to their stable forms. */
export function stableLinks(markdown: string, folder: string, ids: LayoutIds): string {
  return rewriteTargets(markdown, (target) => {
    if (target.startsWith('/')) return undefined;
    const hash = target.indexOf('#');
    const path = hash < 0 ? target : target.slice(0, hash);
    const resolved = resolveHref(folder, path);
    if (resolved === null || relativeHref(folder, resolved) !== path) return undefined;
    const page = ids.pageAt.get(resolved);
    if (page !== undefined) return `/pages/${page}${hash < 0 ? '' : target.slice(hash)}`;
    const file = hash < 0 ? ids.fileAt.get(resolved) : undefined;
    return file === undefined ? undefined : `/files/${file}`;
  });
}
