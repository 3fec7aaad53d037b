/** The body of every non-2xx answer (DESIGN.md, HTTP conventions; GitBook's `Error` schema). */
export interface ErrorBody {
  error: { code: number; message: string };
}

/** Messages stay short: input quoted in them (a path, a value) is cut to an excerpt. */
export const MAX_MESSAGE_LENGTH = 300;
const EXCERPT_LENGTH = 60;

/** At most a short excerpt of client input, for quoting in an error message. */
export function excerpt(input: string, length = EXCERPT_LENGTH): string {
  return input.length <= length ? input : `${input.slice(0, length)}…`;
}

export const errorBody = (code: number, message: string): ErrorBody => ({
  error: { code, message: message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` },
});
