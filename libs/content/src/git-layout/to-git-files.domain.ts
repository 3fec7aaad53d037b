import { GitContent, GitPage } from './git-content.domain';
import { ASSETS_FOLDER, assetNames, folderOf, pageFilePaths } from './git-paths.domain';
import { relativeLinks } from './link-paths.domain';
import { writePageFile } from './page-file.domain';
import { SummaryEntry, writeSummary } from './summary.domain';

export const GITBOOK_YAML = '.gitbook.yaml';
export const SUMMARY_FILE = 'SUMMARY.md';

/** `.gitbook.yaml`: where the content is and which files are the readme and the summary. */
export const gitbookYaml = (readme: string) => `root: ./\n\nstructure:\n  readme: ${JSON.stringify(readme)}\n  summary: ${SUMMARY_FILE}\n`;

const utf8 = new TextEncoder();

/**
 * A space's content as the files of GitBook's git layout (docs/content-design.md, "Archives and
 * the git layout"), paths from the space's folder to bytes: `.gitbook.yaml`, `SUMMARY.md`, one
 * markdown file per page (the first one `README.md`), and the files under `.gitbook/assets/`. Links
 * between pages and to files become relative paths. The same content always gives the same bytes,
 * in the same order. Linear in the content (each page visited once, each body rewritten once).
 */
export function toGitFiles(content: GitContent): Map<string, Uint8Array> {
  const paths = pageFilePaths(content.pages);
  const names = assetNames(content.files);
  const pagePath = new Map<string, string>();
  for (const [page, path] of paths) if (!pagePath.has(page.id)) pagePath.set(page.id, path);
  const assetName = new Map<string, string>();
  for (const [file, name] of names) if (!assetName.has(file.id)) assetName.set(file.id, name);

  const out = new Map<string, Uint8Array>();
  const first = content.pages[0];
  out.set(GITBOOK_YAML, utf8.encode(gitbookYaml(first ? paths.get(first)! : 'README.md')));
  out.set(SUMMARY_FILE, utf8.encode(writeSummary(summaryOf(content.pages, paths))));
  for (const [page, path] of paths) {
    const markdown = relativeLinks(page.markdown, folderOf(path), { pagePath, assetName });
    out.set(path, utf8.encode(writePageFile({ ...page, markdown })));
  }
  // By name, as a folder lists them: the files' order is not part of the layout.
  for (const [file, name] of [...names].sort(([, a], [, b]) => (a < b ? -1 : 1))) out.set(`${ASSETS_FOLDER}/${name}`, file.bytes);
  return out;
}

/** The summary's entries: the tree, each page with its file's path. */
function summaryOf(pages: readonly GitPage[], paths: ReadonlyMap<GitPage, string>): SummaryEntry[] {
  const roots: SummaryEntry[] = [];
  const stack = [...pages].reverse().map((page) => ({ page, into: roots }));
  while (stack.length > 0) {
    const { page, into } = stack.pop()!;
    const entry: SummaryEntry = { title: page.title, path: paths.get(page)!, children: [] };
    into.push(entry);
    for (let i = page.children.length - 1; i >= 0; i--) stack.push({ page: page.children[i]!, into: entry.children });
  }
  return roots;
}
