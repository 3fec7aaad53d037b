import { dump, load } from 'js-yaml';

/** What a page's markdown file holds besides its place in the tree. */
export interface PageFileContent {
  /** Null when the file has no `# ` heading first (a plain markdown file). */
  title: string | null;
  emoji: string;
  description: string;
  markdown: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const HEADING = /^# ([^\n]*)\n\n?/;

/**
 * A page's file as GitBook writes it: front matter with the `description` (and `emoji`) when they
 * are set, the title as a `# ` heading, a blank line, then the body as stored.
 */
export function writePageFile(page: { title: string; emoji: string; description: string; markdown: string }): string {
  const meta: Record<string, string> = {};
  if (page.description !== '') meta['description'] = page.description;
  if (page.emoji !== '') meta['emoji'] = page.emoji;
  const front = Object.keys(meta).length > 0 ? `---\n${dump(meta, { lineWidth: -1 })}---\n\n` : '';
  return `${front}# ${page.title.replace(/[\r\n]+/g, ' ')}\n\n${page.markdown}`;
}

/** A string field of front matter, or '' (any other value is ignored, as GitBook ignores keys it does not know). */
function textField(meta: unknown, key: string): string {
  if (typeof meta !== 'object' || meta === null) return '';
  const value = (meta as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** Front matter read as YAML; malformed front matter is none (the file keeps it as text). */
function frontMatterOf(text: string): { meta: unknown; rest: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { meta: null, rest: text };
  try {
    return { meta: load(match[1]!, { json: true }), rest: text.slice(match[0].length).replace(/^\r?\n/, '') };
  } catch {
    return { meta: null, rest: text };
  }
}

/** A page's file read back: what writePageFile wrote, exactly; any markdown file, as well as it can. */
export function readPageFile(text: string): PageFileContent {
  const { meta, rest } = frontMatterOf(text);
  const heading = HEADING.exec(rest);
  return {
    title: heading ? heading[1]!.trim() : null,
    emoji: textField(meta, 'emoji') || textField(meta, 'icon'),
    description: textField(meta, 'description'),
    markdown: heading ? rest.slice(heading[0].length) : rest,
  };
}
