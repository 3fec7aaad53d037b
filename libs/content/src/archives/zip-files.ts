import { DomainError, invalid } from '@docs/kernel';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import { ARCHIVE_LIMITS, ArchiveLimits, mib } from './archive-limits';

/**
 * A fixed modification time for every entry (noon, so no time zone moves it out of the years zip
 * can write): the same files always make the same archive, byte for byte.
 */
const MTIME = new Date(Date.UTC(2000, 0, 1, 12));

/** The files as a zip archive, entries in the map's order, deflated, each with the same time. Synchronous (a work thread's). */
export function writeZip(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  for (const [path, bytes] of files) {
    const entry = new ZipDeflate(path, { level: 6 });
    entry.mtime = MTIME;
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  if (failure) throw failure;
  return concat(chunks);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * How much of the archive is handed to the inflater at once: what one step may inflate is bounded
 * by it (deflate expands at most ~1032×).
 */
const SLICE = 16 * 1024;

/**
 * The path an entry names, or a 400 when it could escape the folder it is read into: absolute,
 * with a drive, a backslash, a NUL or a `..` segment.
 */
function safePath(name: string): string {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\') || name.includes('\u0000')) {
    throw invalid(`archive: entry "${name.slice(0, 200)}" has an absolute or unsafe path`);
  }
  if (name.split('/').some((segment) => segment === '..'))
    throw invalid(`archive: entry "${name.slice(0, 200)}" climbs out of the archive (..)`);
  return name;
}

/**
 * The files of a zip archive, by path (folders left out), within the limits: entries counted as
 * they come, every entry's bytes counted as they are inflated (a header's sizes are not trusted),
 * paths refused when they could climb out (docs/content-design.md, "Archives and the git layout").
 * Past a limit, or for what is not a zip archive, a 400 saying which. Synchronous (a work thread's).
 */
export function readZip(archive: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): Map<string, Uint8Array> {
  if (archive.length > limits.archiveBytes)
    throw invalid(`archive: ${mib(archive.length)}; an archive holds at most ${mib(limits.archiveBytes)}`);
  if (archive.length < 4 || archive[0] !== 0x50 || archive[1] !== 0x4b) throw invalid('archive: not a zip archive');
  // The stream below reads entries as they come, so a cut-off archive would read as fewer files: its end record says it is whole.
  if (!hasEndRecord(archive)) throw invalid('archive: not a readable zip archive (it is cut short: no end of central directory record)');
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let total = 0;
  let failure: unknown = null;
  const unzip = new Unzip((entry) => {
    if (failure) return;
    try {
      if (++entries > limits.entries) throw invalid(`archive: more than ${limits.entries} entries`);
      const path = safePath(entry.name);
      if (path.endsWith('/')) return;
      if (files.has(path)) throw invalid(`archive: entry "${path.slice(0, 200)}" appears twice`);
      const chunks: Uint8Array[] = [];
      let size = 0;
      entry.ondata = (error, chunk, final) => {
        if (failure) return;
        try {
          if (error) throw invalid(`archive: entry "${path.slice(0, 200)}" cannot be read (${error.message})`);
          size += chunk.length;
          total += chunk.length;
          if (size > limits.entryBytes) throw invalid(`archive: entry "${path.slice(0, 200)}" inflates past ${mib(limits.entryBytes)}`);
          if (total > limits.totalBytes) throw invalid(`archive: its entries inflate past ${mib(limits.totalBytes)} together`);
          chunks.push(chunk);
          if (final) files.set(path, concat(chunks));
        } catch (caught) {
          failure = caught;
          entry.terminate();
        }
      };
      entry.start();
    } catch (caught) {
      failure = caught;
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < archive.length && !failure; at += SLICE)
      unzip.push(archive.subarray(at, at + SLICE), at + SLICE >= archive.length);
  } catch (caught) {
    failure ??= caught;
  }
  if (failure instanceof DomainError) throw failure;
  if (failure) throw invalid(`archive: not a readable zip archive (${(failure as Error).message})`);
  return files;
}

/** Whether the archive ends with a zip's end of central directory record (22 bytes, then a comment of at most 65,535). */
function hasEndRecord(archive: Uint8Array): boolean {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  for (let at = archive.length - 22; at >= 0 && at >= archive.length - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === 0x06054b50 && at + 22 + view.getUint16(at + 20, true) === archive.length) return true;
  }
  return false;
}
