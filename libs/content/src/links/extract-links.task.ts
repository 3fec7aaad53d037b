import { extractLinks, WrittenLinks } from './links.domain';

/** Runs in a work thread (revision-links.ts, through the WorkPool): the links each body writes, up to the cap per page. */
export function extractLinksOf(bodies: readonly string[]): WrittenLinks[] {
  return bodies.map((markdown) => extractLinks(markdown));
}
