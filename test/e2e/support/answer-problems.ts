import { RawAnswer } from './raw-http';

/** What an answer must never show: stack frames, source paths, SQL, driver or runtime error class names. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w$.<>[\]]+ \([^)]*:\d+:\d+\)|\n\s+at \S/],
  ['a source path', /[\w./-]+\.(ts|js):\d+/],
  ['SQL', /SQLITE|SELECT |json_extract/],
  ['an error class name', /\b(RangeError|TypeError|URIError|ReferenceError|SyntaxError)\b|FST_ERR/],
];

/**
 * Everything wrong with an answer under DESIGN.md's HTTP conventions (empty when it is fine):
 * never 5xx, every non-2xx has exactly `{ error: { code: <status>, message: <string> } }`, and
 * nothing internal leaks.
 */
export function answerProblems(answer: RawAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status >= 300 && !isErrorBody(answer.body, answer.status)) {
    problems.push(`not the { error: { code, message } } body: ${answer.text.slice(0, 200)}`);
  }
  for (const [what, pattern] of LEAKS) {
    const found = pattern.exec(answer.text);
    if (found) problems.push(`leaks ${what}: "${found[0]}"`);
  }
  return problems;
}

function isErrorBody(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return false;
  const { code, message, ...rest } = error as Record<string, unknown>;
  return code === status && typeof message === 'string' && Object.keys(rest).length === 0;
}
