/** What a reader is answered instead of a page: a status and the `{ error }` body's message. */
export class ReaderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** 404: the site, or what the path names in it, is not there for this reader (never saying whether it exists). */
export const notServed = (what = 'site not found') => new ReaderError(404, what);
