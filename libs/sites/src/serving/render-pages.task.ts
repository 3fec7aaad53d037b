import { PageToRender, RenderedPage, renderPages } from './page-html';

/** Runs in a work thread (site-pages.ts, through the WorkPool): large pages rendered off the event loop. */
export function renderLargePages(pages: readonly PageToRender[]): RenderedPage[] {
  return renderPages(pages);
}
