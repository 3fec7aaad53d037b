import { FileNode } from '../page-tree/content-files.domain';

/** A page an import run brings, before it has an id. */
export interface ImportedPage {
  /** Where it nests: its URL path (website), or none (files land at the top, in their order). */
  path: string;
  title: string;
  markdown: string;
  sourceURL?: string;
  /** A folder made for a URL path no page had (url-folders.ts): not counted as imported. */
  folder?: true;
}

/** What a source produced: the pages (links between them resolved by the writer), files to store with them, and the counts. */
export interface ImportedContent {
  pages: ImportedPage[];
  files: FileNode[];
  totalResources: number;
}

/** How a source reports progress and learns it must stop. */
export interface RunControl {
  signal: AbortSignal;
  progress(importedResources: number, totalResources: number): Promise<void>;
  /** The id of the n-th thing of a kind the run creates: the same on every attempt of the run. */
  createdId(kind: string): string;
}
