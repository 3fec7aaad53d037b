import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { FileNode } from '../page-tree/content-files.domain';

/** Types a browser may show in place: images that cannot run script. Anything else is an attachment. */
const SHOWN_INLINE: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** RFC 8187 attr-char: what `filename*` may carry unencoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+.^_`|~-]$/;

/** `name` as an RFC 8187 value: UTF-8 (a lone surrogate becomes U+FFFD), every other byte percent-encoded. */
function extValue(name: string): string {
  let out = "UTF-8''";
  for (const byte of Buffer.from(name, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The Content-Disposition of a file named `name`: inline for images that cannot run script, an
 * attachment otherwise; `filename` is a plain ASCII fallback (no quotes, backslashes, slashes or
 * controls) and `filename*` the exact name, so no name can end the header or add a parameter.
 */
export function contentDisposition(name: string, contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const ascii =
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .replace(/^[ .]+|[ .]+$/g, '')
      .slice(0, 100) || 'file';
  return `${SHOWN_INLINE.has(type) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=${extValue(name)}`;
}

/** A strong entity tag: files are content-addressed, so the hash of the bytes names them exactly. */
export const entityTag = (file: FileNode): string => `"${file.hash}"`;

/** Whether If-None-Match names `etag` (RFC 9110: `*`, or a list compared weakly). */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

/**
 * Answers a file: 304 without a body when If-None-Match names it, its bytes otherwise, with its
 * content type and length, a strong ETag and `cacheControl`. Uploaded bytes are never run as a page
 * of the API's origin: no sniffing, sandboxed, only images inline, and no Referer for what they link.
 */
export function fileAnswer(
  reply: FastifyReply,
  ifNoneMatch: string | string[] | undefined,
  { file, bytes }: { file: FileNode; bytes: Buffer },
  cacheControl: string,
): StreamableFile | undefined {
  const etag = entityTag(file);
  void reply
    .header('ETag', etag)
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Referrer-Policy', 'no-referrer');
  if (noneMatch(ifNoneMatch, etag)) {
    void reply.status(304);
    return undefined;
  }
  return new StreamableFile(bytes, {
    type: file.contentType,
    length: bytes.length,
    disposition: contentDisposition(file.name, file.contentType),
  });
}
