// Pure like the page tree it builds (the `.domain` suffix lets the domain specs import it).
import { sha256 } from '@docs/kernel';
import type { PageNode, PageTree } from '../page-tree/page-tree.domain';

/** A top-level page titled and slugged by its id, with an empty body; `fields` override any of it. */
export const page = (id: string, fields: Partial<PageNode> = {}): PageNode => ({
  id,
  title: id,
  emoji: '',
  description: '',
  slug: id,
  parent: null,
  rank: 'a0',
  bodyHash: sha256(''),
  ...fields,
});

/** The pages as a tree, keyed by their ids. */
export const tree = (...pages: PageNode[]): PageTree => new Map(pages.map((p) => [p.id, p]));

/** Known bodies, keyed by their hashes. */
export const bodies = (...texts: string[]): Map<string, string> => new Map(texts.map((t) => [sha256(t), t]));

/** The page with another body. */
export const withBody = (p: PageNode, markdown: string): PageNode => ({ ...p, bodyHash: sha256(markdown) });
