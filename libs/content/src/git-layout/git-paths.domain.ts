import { GitFile, GitPage } from './git-content.domain';

/** Where the files a space holds go, from the space's folder. */
export const ASSETS_FOLDER = '.gitbook/assets';

/** A slug as a path segment: `.` and `..` would climb out of the folder, so they are prefixed. */
const segmentOf = (slug: string): string => (slug === '.' || slug === '..' ? `_${slug}` : slug);

/** Names the space's folder keeps for itself (compared lowercased, as a case-insensitive disk would). */
const RESERVED_AT_ROOT = ['summary.md', 'readme.md', '.gitbook', '.gitbook.yaml'];

/**
 * The markdown file of every page, GitBook's way: the first top-level page is `README.md`, a page
 * with children is `<path>/README.md` (its children in that folder), any other page `<path>.md`.
 * The first page keeps its folder when it has children (`<slug>/README.md`, which `.gitbook.yaml`
 * names as the readme), so every page's relative links start from its own file's folder. A name a
 * sibling took (`x.md` for page `x` and folder `x.md` for page `x.md` with children, or names
 * differing in case only) or the space's folder keeps (`SUMMARY.md`, `.gitbook`) gets a `_` first.
 */
export function pageFilePaths(pages: readonly GitPage[]): Map<GitPage, string> {
  const paths = new Map<GitPage, string>();
  const claimed = new Set<string>(RESERVED_AT_ROOT);
  const stack: { page: GitPage; folder: string; first: boolean }[] = pages
    .map((page, i) => ({ page, folder: '', first: i === 0 }))
    .reverse();
  while (stack.length > 0) {
    const { page, folder, first } = stack.pop()!;
    const hasChildren = page.children.length > 0;
    let segment = segmentOf(page.slug);
    const entryOf = (name: string) => `${folder === '' ? '' : `${folder}/`}${hasChildren ? name : `${name}.md`}`.toLowerCase();
    if (!(first && !hasChildren)) while (claimed.has(entryOf(segment))) segment = `_${segment}`;
    const own = folder === '' ? segment : `${folder}/${segment}`;
    if (first && !hasChildren) paths.set(page, 'README.md');
    else {
      claimed.add(entryOf(segment));
      paths.set(page, hasChildren ? `${own}/README.md` : `${own}.md`);
    }
    for (let i = page.children.length - 1; i >= 0; i--) stack.push({ page: page.children[i]!, folder: own, first: false });
  }
  return paths;
}

/** A file name that names one file only, without slashes or control characters, never `.` or `..`. */
export function safeFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const cleaned = name.replace(/[/\\\u0000-\u001f]/g, '_');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? `_${cleaned}` : cleaned;
}

/**
 * Each file's name in `.gitbook/assets/`, in the files' order: its own name, or, when an earlier
 * file took it, `name (1).ext`, `name (2).ext`... as GitBook names copies.
 */
export function assetNames(files: readonly GitFile[]): Map<GitFile, string> {
  const taken = new Set<string>();
  const names = new Map<GitFile, string>();
  for (const file of files) {
    const wanted = safeFileName(file.name);
    let name = wanted;
    if (taken.has(name)) {
      const dot = wanted.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
      for (let n = 1; taken.has(name); n++) name = `${stem} (${n})${ext}`;
    }
    taken.add(name);
    names.set(file, name);
  }
  return names;
}

/** The folder a file path is in (`a/b.md` → `a`, `README.md` → ``). */
export const folderOf = (path: string): string => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

/**
 * A path segment as it is written in a link: percent-encoded, parentheses, quotes and the other
 * characters `encodeURIComponent` leaves included, so a link never holds a character that ends it.
 */
export const encodeSegment = (segment: string): string =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The link from a file in `fromFolder` to the file at `to` (both from the space's folder), each segment encoded. */
export function relativeHref(fromFolder: string, to: string): string {
  const from = fromFolder === '' ? [] : fromFolder.split('/');
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...target.slice(common).map(encodeSegment)].join('/');
}

/** A percent-decoding that never throws (a malformed escape stays as written). */
export function decodeHref(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `relative` (undecoded) resolved from `fromFolder`: the path from the space's folder, or null when it climbs out. */
export function resolveHref(fromFolder: string, relative: string): string | null {
  const out = fromFolder === '' ? [] : fromFolder.split('/');
  for (const raw of relative.split('/')) {
    const segment = decodeHref(raw);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}
