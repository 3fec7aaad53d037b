import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, BlobStore, OutboundFetch } from '@docs/platform';
import { dimensionsOf } from '../change-requests/file-uploads';
import { FileNode } from '../page-tree/content-files.domain';
import { resolveImages } from '../import/page-markers';
import { CrawlBounds, WebsiteCrawler } from '../import/website-crawler';
import { ImportedContent, RunControl } from './imported-content';
import { withFolders } from './url-folders';

const IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp|svg\+xml|avif|bmp|x-icon|vnd\.microsoft\.icon)\b/i;
const NAME_MAX = 256;

export const runBounds = (config: AppConfig): CrawlBounds => ({
  maxPages: config.importRunMaxPages,
  maxDepth: config.importRunMaxDepth,
  maxPageBytes: config.importMaxPageBytes,
  maxTotalBytes: config.importRunMaxTotalBytes,
  timeoutMs: config.importRunTimeoutMs,
});

/**
 * A website source of an import run: the crawl (WebsiteCrawler, with the run's larger bounds,
 * reporting each page), then the pages' images, each fetched once through the outbound guard
 * (IMPORT_RUN_MAX_IMAGES at most, IMPORT_RUN_MAX_IMAGE_BYTES each, image types only) and stored as
 * a file of the import; an image that fails or is past the bounds stays a link to the site. Pages
 * nest by URL path, with folders for the paths no page had (withFolders).
 */
@Injectable()
export class WebsiteSource {
  constructor(
    private readonly crawler: WebsiteCrawler,
    private readonly outbound: OutboundFetch,
    private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(url: string, control: RunControl): Promise<ImportedContent> {
    const crawl = await this.crawler.crawl(url, runBounds(this.config), {
      signal: control.signal,
      onPage: (imported, discovered) => control.progress(imported, discovered),
    });
    const stored = new Map<string, FileNode>();
    const wanted = [...new Set(crawl.pages.flatMap((page) => page.images))].slice(0, this.config.importRunMaxImages);
    for (const src of wanted) {
      if (control.signal.aborted) break;
      const file = await this.image(src, control, stored.size);
      if (file) stored.set(src, file);
    }
    const pages = crawl.pages.map((page) => ({
      path: page.path,
      title: page.title,
      sourceURL: page.url,
      markdown: resolveImages(page.markdown, (src) => {
        const file = stored.get(src);
        return file ? `/files/${file.id}` : null;
      }),
    }));
    return { pages: withFolders(pages), files: [...stored.values()], totalResources: crawl.discovered };
  }

  private async image(src: string, control: RunControl, index: number): Promise<FileNode | null> {
    try {
      const response = await this.outbound.fetch(src, {
        signal: control.signal,
        maxBytes: this.config.importRunMaxImageBytes,
        accept: 'image/*',
      });
      if (response.status < 200 || response.status > 299 || !IMAGE_TYPES.test(response.contentType)) return null;
      const bytes = Buffer.from(response.body);
      const { hash, size } = await this.blobs.put(bytes);
      const dimensions = dimensionsOf(bytes);
      return {
        id: control.createdId(`file:${index}`),
        name: fileName(new URL(response.url), response.contentType),
        contentType: response.contentType.split(';')[0]!.trim().toLowerCase(),
        size,
        hash,
        ...(dimensions ? { dimensions } : {}),
      };
    } catch {
      return null;
    }
  }
}

/** The URL's last path segment, with an extension from the content type when it has none. */
function fileName(url: URL, contentType: string): string {
  let last = url.pathname.split('/').filter(Boolean).pop() ?? 'image';
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it encoded
  }
  last = last.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, NAME_MAX - 8) || 'image';
  if (!/\.[A-Za-z0-9]+$/.test(last)) last += `.${/image\/([a-z]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? 'img'}`;
  return last;
}
