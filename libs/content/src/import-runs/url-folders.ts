import { ImportedPage } from './imported-content';

const TITLE_MAX = 200;

/** A folder's title from its path's last segment: `getting-started` is "Getting started". */
function folderTitle(path: string): string {
  const segment = path.split('/').filter(Boolean).pop() ?? path;
  const words = segment.replace(/[-_+.]+/g, ' ').trim() || segment;
  return (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, TITLE_MAX);
}

/**
 * The pages with a folder page (no body) for every path between the site root and a page that was
 * not itself imported, so pages nest by their URL paths instead of landing at the top: with
 * `/docs/guide/a` and `/docs/guide/b` imported but not `/docs` or `/docs/guide`, both go under a
 * "Guide" folder in a "Docs" folder. The root `/` never gets one. Folders come after the pages, in
 * the order first needed; each path once.
 */
export function withFolders(pages: readonly ImportedPage[]): ImportedPage[] {
  const have = new Set(pages.map((page) => page.path));
  const folders: ImportedPage[] = [];
  for (const page of pages) {
    const segments = page.path.split('/').filter(Boolean);
    for (let n = 1; n < segments.length; n++) {
      const path = `/${segments.slice(0, n).join('/')}`;
      if (have.has(path)) continue;
      have.add(path);
      folders.push({ path, title: folderTitle(path), markdown: '', folder: true });
    }
  }
  return [...pages, ...folders];
}
