import { Injectable } from '@nestjs/common';
import type * as Cheerio from 'cheerio';
import type TurndownService from 'turndown';
import { BlobStore } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { importFileKind } from './import-file-kinds';
import { ImportedContent, ImportedPage, RunControl } from './imported-content';

const TITLE_MAX = 200;
const NOT_CONTENT = 'script, style, noscript, template, iframe, object, embed, nav, header, footer, aside, form, button, svg, canvas';

/**
 * A `file` source of an import run: each named file of the target content (checked when the run
 * started: markdown or HTML) becomes a page at the top of the target, in the order named. Markdown
 * is taken as it is; HTML is converted like a website's page (its `<main>` or `<article>` when it
 * has one). The title is the first heading, else the file's name without its extension.
 */
@Injectable()
export class FileSource {
  /** cheerio and turndown, loaded with the first HTML file: the server's start does not pay for them. */
  private html?: { cheerio: typeof Cheerio; turndown: TurndownService };

  constructor(private readonly blobs: BlobStore) {}

  async read(files: readonly FileNode[], control: RunControl): Promise<ImportedContent> {
    const pages: ImportedPage[] = [];
    for (const [index, file] of files.entries()) {
      if (control.signal.aborted) break;
      const bytes = await this.blobs.get(file.hash);
      if (!bytes) throw new Error(`the bytes of ${file.name} are missing`);
      const text = new TextDecoder('utf-8').decode(bytes);
      const markdown = importFileKind(file) === 'markdown' ? text : this.fromHtml(text);
      pages.push({ path: `/file-${index}`, title: titleOf(markdown, file.name), markdown });
      await control.progress(pages.length, files.length);
      await new Promise<void>((resolve) => setImmediate(resolve)); // one file's conversion per turn of the event loop
    }
    return { pages, files: [], totalResources: files.length };
  }

  private fromHtml(html: string): string {
    this.html ??= {
      cheerio: require('cheerio') as typeof Cheerio,
      turndown: (require('../import/html-markdown') as typeof import('../import/html-markdown')).htmlToMarkdown(),
    };
    const { cheerio, turndown } = this.html;
    const $ = cheerio.load(html);
    $(NOT_CONTENT).remove();
    const main = $('main, article, [role="main"]').first();
    const content = main.length > 0 ? (main.html() ?? '') : ($('body').html() ?? $.html());
    const markdown = turndown.turndown(content).trim();
    return markdown ? `${markdown}\n` : '';
  }
}

function titleOf(markdown: string, name: string): string {
  const heading = /^#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(markdown)?.[1]?.trim();
  return (heading || name.replace(/\.[A-Za-z0-9]+$/, '') || name).slice(0, TITLE_MAX);
}
