import { randomBytes } from 'node:crypto';

/**
 * A page's JSON document as the JSON text a work thread wrote (page-bodies.ts). Answers holding one
 * are written by `answerWithDocuments`, which puts the text in place as it is: a document of a
 * large page is some megabytes of objects, which copying back from the thread and serialising again
 * would cost the event loop hundreds of milliseconds.
 */
export class DocumentJson {
  constructor(readonly json: string) {}
}

/**
 * The answer as JSON text, each DocumentJson written in place as its text. Every DocumentJson is
 * first written as a placeholder string naming it, unguessable (random per answer), so no string of
 * the answer can be taken for one; then each quoted placeholder is replaced by its text, in one pass.
 */
export function answerWithDocuments(answer: unknown): string {
  const marker = `\u0000document:${randomBytes(12).toString('hex')}:`;
  const documents: string[] = [];
  const text = JSON.stringify(answer, (_key, value: unknown) => {
    if (!(value instanceof DocumentJson)) return value;
    documents.push(value.json);
    return `${marker}${documents.length - 1}`;
  });
  if (documents.length === 0) return text;
  // JSON.stringify writes U+0000 as \u0000: the quoted placeholder reads so in the text.
  const quoted = JSON.stringify(marker).slice(0, -1);
  const parts = text.split(quoted);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    const end = part.indexOf('"');
    out += documents[Number(part.slice(0, end))]! + part.slice(end + 1);
  }
  return out;
}
