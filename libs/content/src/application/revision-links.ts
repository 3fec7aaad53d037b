import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Lru } from '@docs/platform';
import { extractLinks, gatherLinks, LinkEntry, LinkTargets, PageLinks, resolvePageLinks, WrittenLink } from '../domain/links';
import { PageNode } from '../domain/page-tree';
import { RevisionContent, RevisionTrees } from './revision-trees';

/** How many bodies' extracted links stay in memory (a body's links depend on the body only). */
const CACHED_BODIES = 8192;
/** How many revisions' resolved links stay in memory (revisions never change). */
const CACHED_REVISIONS = 128;

/** A revision's links: each page's (in tree order) and the whole revision's, one entry per target. */
export interface LinksOfRevision {
  pages: PageLinks;
  byPage: ReadonlyMap<string, LinkEntry[]>;
  all: LinkEntry[];
}

/** The revision's pages in tree order: depth first, siblings by rank (each once, even in a cyclic tree). */
export function pagesInOrder(content: RevisionContent): PageNode[] {
  const out: PageNode[] = [];
  const seen = new Set<string>();
  const stack: PageNode[] = [...(content.children.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const page = stack.pop()!;
    if (seen.has(page.id)) continue;
    seen.add(page.id);
    out.push(page);
    const children = content.children.get(page.id) ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/** What resolving a link needs from a revision (domain/links.ts `LinkTargets`). */
export function targetsOf(content: RevisionContent, appOrigin: string | undefined): LinkTargets {
  const fileIds = new Set(content.files.map((f) => f.id));
  const fileNames = new Map<string, string>();
  for (const file of content.files) if (!fileNames.has(file.name)) fileNames.set(file.name, file.id);
  return {
    hasPage: (id) => content.tree.has(id),
    pageAtPath: (path) => content.byPath.get(path),
    pathOf: (id) => content.paths.get(id),
    hasChildren: (id) => (content.children.get(id)?.length ?? 0) > 0,
    firstPage: () => content.children.get(null)?.[0]?.id,
    hasFile: (id) => fileIds.has(id),
    fileNamed: (name) => fileNames.get(name),
    ...(appOrigin ? { appOrigin } : {}),
  };
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The links of revisions, computed from their markdown. Cost: the links a body writes depend on
 * the body only, so they are extracted once per body hash and kept (least recently used out);
 * resolving them against a revision's tree and files is done once per revision and kept too
 * (revisions never change, so nothing kept is ever stale). A revision's first read fetches, in one
 * read of `page_bodies`, only the bodies whose links are not kept.
 */
@Injectable()
export class RevisionLinks {
  private readonly written = new Lru<readonly WrittenLink[]>(CACHED_BODIES);
  private readonly revisions = new Lru<Promise<LinksOfRevision>>(CACHED_REVISIONS);
  private readonly appOrigin: string | undefined;

  constructor(
    private readonly trees: RevisionTrees,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.appOrigin = originOf(config.appUrl);
  }

  of(content: RevisionContent): Promise<LinksOfRevision> {
    const key = `${content.revision.spaceId}:${content.revision.id}`;
    const kept = this.revisions.get(key);
    if (kept) return kept;
    const computing = this.compute(content);
    this.revisions.set(key, computing);
    computing.catch(() => this.revisions.delete(key));
    return computing;
  }

  private async compute(content: RevisionContent): Promise<LinksOfRevision> {
    const pages = pagesInOrder(content);
    const written = new Map<string, readonly WrittenLink[]>();
    const missing: string[] = [];
    for (const hash of new Set(pages.map((p) => p.bodyHash))) {
      const kept = this.written.get(hash);
      if (kept) written.set(hash, kept);
      else missing.push(hash);
    }
    if (missing.length > 0) {
      const bodies = await this.trees.bodies(missing);
      for (const hash of missing) {
        const links = extractLinks(bodies.get(hash) ?? '');
        written.set(hash, links);
        this.written.set(hash, links);
      }
    }
    const targets = targetsOf(content, this.appOrigin);
    const pageLinks = pages.map((page) => ({
      pageId: page.id,
      links: resolvePageLinks(written.get(page.bodyHash) ?? [], page.id, targets),
    }));
    const byPage = new Map(pageLinks.map((p) => [p.pageId, gatherLinks([p])]));
    return { pages: pageLinks, byPage, all: gatherLinks(pageLinks) };
  }
}
