import { Injectable } from '@nestjs/common';
import { BlobStore, WorkError, WorkPool } from '@docs/platform';
import { convertInWorkThread } from '../import/html-conversion';
import { FileNode } from '../page-tree/content-files.domain';
import { importFileKind } from './import-file-kinds';
import { ImportedContent, ImportedPage, RunControl } from './imported-content';

const TITLE_MAX = 200;

/**
 * A `file` source of an import run: each named file of the target content (checked when the run
 * started: markdown or HTML) becomes a page at the top of the target, in the order named. Markdown
 * is taken as it is; HTML is converted like a website's page (its `<main>` or `<article>` when it
 * has one), in a work thread. The title is the first heading, else the file's name without its extension.
 */
@Injectable()
export class FileSource {
  constructor(
    private readonly blobs: BlobStore,
    private readonly work: WorkPool,
  ) {}

  async read(files: readonly FileNode[], control: RunControl): Promise<ImportedContent> {
    const pages: ImportedPage[] = [];
    for (const [index, file] of files.entries()) {
      if (control.signal.aborted) break;
      const bytes = await this.blobs.get(file.hash);
      if (!bytes) throw new Error(`the bytes of ${file.name} are missing`);
      const text = new TextDecoder('utf-8').decode(bytes);
      const markdown = importFileKind(file) === 'markdown' ? text : await this.fromHtml(file.name, text, control.signal);
      pages.push({ path: `/file-${index}`, title: titleOf(markdown, file.name), markdown });
      await control.progress(pages.length, files.length);
      await new Promise<void>((resolve) => setImmediate(resolve)); // one file per turn of the event loop
    }
    return { pages, files: [], totalResources: files.length };
  }

  /** An HTML file converted in a work thread: 8 MB of nested spans held the loop 12 s when it was converted here. */
  private async fromHtml(name: string, html: string, signal: AbortSignal): Promise<string> {
    try {
      return await convertInWorkThread(this.work, 'convertHtmlFile', { html }, signal);
    } catch (error) {
      if (!(error instanceof WorkError)) throw error;
      throw new Error(`${name} could not be converted to markdown (${error.kind})`);
    }
  }
}

function titleOf(markdown: string, name: string): string {
  const heading = /^#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(markdown)?.[1]?.trim();
  return (heading || name.replace(/\.[A-Za-z0-9]+$/, '') || name).slice(0, TITLE_MAX);
}
