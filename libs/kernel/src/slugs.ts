/**
 * A URL slug of a title: lower-case ASCII letters, digits and single dashes (accents dropped, every
 * other run of characters one dash), at most `max` characters and never ending in a dash;
 * `fallback` when nothing is left. Site paths and page slugs are made by it.
 */
export function slugOf(title: string, { max, fallback }: { max: number; fallback: string }): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}
