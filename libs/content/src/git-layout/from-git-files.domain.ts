import { load } from 'js-yaml';
import { invalid } from '@docs/kernel';
import { MAX_PAGE_DEPTH } from '../page-tree/page-limits.domain';
import { slugify } from '../page-tree/page-tree.domain';
import { GitContent, GitFile, GitPage, pagesInOrder } from './git-content.domain';
import { contentTypeOf } from './file-types.domain';
import { folderOf } from './git-paths.domain';
import { stableLinks } from './link-paths.domain';
import { readPageFile } from './page-file.domain';
import { readSummary } from './summary.domain';
import { GITBOOK_YAML, SUMMARY_FILE } from './to-git-files.domain';

/** The ids the content read from files gets: the importer's, or `page-<n>` / `file-<n>` (pages depth first, files by path). */
export interface GitIds {
  pageId(index: number): string;
  fileId(index: number): string;
}

const DEFAULT_IDS: GitIds = { pageId: (n) => `page-${n}`, fileId: (n) => `file-${n}` };

const utf8 = new TextDecoder();
const isMarkdown = (path: string) => /\.md$/i.test(path);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** Entries an archiver adds that are not content (macOS resource forks and folder settings). */
const isNoise = (path: string) => path.endsWith('/') || path.startsWith('__MACOSX/') || baseName(path) === '.DS_Store';

/** `.gitbook.yaml`'s settings, GitBook's defaults where it says nothing (or is not YAML). */
interface LayoutConfig {
  root: string;
  readme: string;
  summary: string;
}

function configOf(yaml: Uint8Array | undefined): LayoutConfig {
  const config = { root: '', readme: 'README.md', summary: SUMMARY_FILE };
  if (!yaml) return config;
  let value: unknown;
  try {
    value = load(utf8.decode(yaml), { json: true });
  } catch {
    return config;
  }
  const text = (from: unknown, key: string) => {
    const field = typeof from === 'object' && from !== null ? (from as Record<string, unknown>)[key] : undefined;
    return typeof field === 'string' ? cleanPath(field) : '';
  };
  const structure = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['structure'] : undefined;
  return {
    root: text(value, 'root'),
    readme: text(structure, 'readme') || config.readme,
    summary: text(structure, 'summary') || config.summary,
  };
}

/** A path from the archive's folder without `./`, leading or trailing slashes (`..` cannot climb: the entries were checked). */
const cleanPath = (path: string) =>
  path
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');

/** The entries, without noise, from the content's folder: a single top folder around everything is stepped into. */
function contentEntries(files: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  let entries = new Map([...files].filter(([path]) => !isNoise(path)).map(([path, bytes]) => [cleanPath(path), bytes] as const));
  const tops = new Set([...entries.keys()].map((path) => path.split('/')[0]));
  if (tops.size === 1 && [...entries.keys()].every((path) => path.includes('/'))) {
    const top = `${[...tops][0]}/`;
    entries = new Map([...entries].map(([path, bytes]) => [path.slice(top.length), bytes]));
  }
  const config = configOf(entries.get(GITBOOK_YAML));
  if (config.root === '') return entries;
  const root = `${config.root}/`;
  return new Map([...entries].filter(([path]) => path.startsWith(root)).map(([path, bytes]) => [path.slice(root.length), bytes]));
}

/** A page entry before ids: its file's path ('' for none), title and the pages under it. */
interface Outline {
  path: string;
  /** Null when only the file can tell. */
  title: string | null;
  children: Outline[];
}

/** The outline a SUMMARY.md gives, the readme first when the summary does not list it. */
function outlineOfSummary(summary: string, readme: string, has: (path: string) => boolean): Outline[] {
  const entries: Outline[] = readSummary(summary);
  requireDepthWithinCap(entries);
  const listed = (list: readonly Outline[]): boolean => list.some((e) => e.path === readme || listed(e.children));
  if (has(readme) && !listed(entries)) entries.unshift({ title: null, path: readme, children: [] });
  return entries;
}

/** The outline of a folder of markdown files: each file a page, each folder a page (its README.md) over its files, names sorted. */
function outlineOfFolders(paths: readonly string[], readme: string): Outline[] {
  type Folder = { readme?: string; files: string[]; folders: Map<string, Folder> };
  const root: Folder = { files: [], folders: new Map() };
  for (const path of [...paths].sort()) {
    const segments = path.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let next = folder.folders.get(segment);
      if (!next) folder.folders.set(segment, (next = { files: [], folders: new Map() }));
      folder = next;
    }
    if (/^readme\.md$/i.test(segments[segments.length - 1]!) && folder !== root) folder.readme = path;
    else folder.files.push(path);
  }
  const outline = (folder: Folder, prefix: string): Outline[] => [
    ...folder.files.map((path) => ({ path, title: null, children: [] })),
    ...[...folder.folders].map(([name, sub]) => ({
      path: sub.readme ?? '',
      title: sub.readme ? null : name,
      children: outline(sub, `${prefix}${name}/`),
    })),
  ];
  const pages = outline(root, '');
  const first = pages.findIndex((p) => p.path === readme);
  if (first > 0) pages.unshift(...pages.splice(first, 1));
  return pages;
}

const tooDeep = () => invalid(`archive: pages nest more than ${MAX_PAGE_DEPTH} levels deep`);

/** Refuses an outline deeper than a page tree may be (walked level by level, so a deep one costs no stack). */
function requireDepthWithinCap(outline: readonly Outline[]): void {
  let level: readonly Outline[] = outline;
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > MAX_PAGE_DEPTH) throw tooDeep();
    level = level.flatMap((item) => item.children);
  }
}

/** The slug a page's file gives: its name without `.md`, its folder's for a README.md, from the title for the root readme. */
function slugOf(path: string, title: string): string {
  const segments = path.split('/');
  let name = segments[segments.length - 1]!;
  if (/^readme\.md$/i.test(name)) name = segments.length > 1 ? segments[segments.length - 2]! : '';
  else name = name.replace(/\.md$/i, '');
  const slug = name.replace(/[\s?#]+/g, '-');
  return slug === '' ? slugify(title) : slug;
}

/**
 * The content the files of GitBook's git layout hold (what toGitFiles writes, or any such folder:
 * GitBook's own, or plain markdown files with or without SUMMARY.md). Pages follow SUMMARY.md (the
 * titles from it, a `## Group` becoming a page of its own), or the folders when there is none;
 * every file that is not a page's markdown is a file (`.gitbook/assets/` or beside the pages),
 * named by its base name. Relative links to pages and files, as toGitFiles writes them, become
 * stable links again. Slugs come from file names, made unique among siblings.
 */
export function fromGitFiles(files: ReadonlyMap<string, Uint8Array>, ids: GitIds = DEFAULT_IDS): GitContent {
  const entries = contentEntries(files);
  const config = configOf(entries.get(GITBOOK_YAML));
  const summary = entries.get(config.summary);
  const markdownPaths = [...entries.keys()].filter((p) => isMarkdown(p) && p !== config.summary);
  if (!summary && markdownPaths.some((p) => p.split('/').length > MAX_PAGE_DEPTH + 1)) throw tooDeep();
  const outline = summary
    ? outlineOfSummary(utf8.decode(summary), config.readme, (p) => entries.has(p))
    : outlineOfFolders(markdownPaths, config.readme);

  requireDepthWithinCap(outline);

  const assets: GitFile[] = [];
  const fileAt = new Map<string, string>();
  const assetPaths = [...entries.keys()].filter((p) => p !== GITBOOK_YAML && !isMarkdown(p)).sort();
  for (const [index, path] of assetPaths.entries()) {
    const id = ids.fileId(index);
    const name = baseName(path);
    assets.push({ id, name, contentType: contentTypeOf(name), bytes: entries.get(path)! });
    fileAt.set(path, id);
  }

  // Pages, ids depth first; bodies rewritten once every page's id is known.
  const pageAt = new Map<string, string>();
  const pathOf = new Map<GitPage, string>();
  let index = 0;
  const build = (items: readonly Outline[]): GitPage[] => {
    const taken = new Set<string>();
    return items.map((item) => {
      const bytes = item.path === '' ? undefined : entries.get(item.path);
      const read = readPageFile(bytes ? utf8.decode(bytes) : '');
      const title = item.title ?? read.title ?? (item.path === '' ? 'Untitled' : baseName(item.path).replace(/\.md$/i, ''));
      let slug = item.path === '' ? slugify(title) : slugOf(item.path, title);
      for (let n = 2; taken.has(slug); n++) slug = `${slugOf(item.path, title)}-${n}`;
      taken.add(slug);
      const page: GitPage = {
        id: ids.pageId(index++),
        title,
        slug,
        emoji: read.emoji,
        description: read.description,
        markdown: read.markdown,
        children: [],
      };
      if (item.path !== '' && !pageAt.has(item.path)) pageAt.set(item.path, page.id);
      pathOf.set(page, item.path);
      page.children = build(item.children);
      return page;
    });
  };
  const pages = build(outline);
  for (const page of pagesInOrder(pages)) page.markdown = stableLinks(page.markdown, folderOf(pathOf.get(page)!), { pageAt, fileAt });
  return { pages, files: assets };
}
