import { randomBytes } from 'node:crypto';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';

/**
 * A value of an answer as the JSON text a work thread wrote (a page's or a comment's JSON document).
 * Answers holding one are written by `answerWithJsonTexts`, which puts the text in place as it is:
 * a document of a large page is some megabytes of objects, which copying back from the thread and
 * serialising again would cost the event loop hundreds of milliseconds.
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/**
 * The answer as JSON text, each JsonText written in place as its text. Every JsonText is
 * first written as a placeholder string naming it, unguessable (random per answer), so no string of
 * the answer can be taken for one; then each quoted placeholder is replaced by its text, in one pass.
 */
export function answerWithJsonTexts(answer: unknown): string {
  const marker = `\u0000json-text:${randomBytes(12).toString('hex')}:`;
  const documents: string[] = [];
  const text = JSON.stringify(answer, (_key, value: unknown) => {
    if (!(value instanceof JsonText)) return value;
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

/**
 * Writes a route's answer with answerWithJsonTexts when the request asks for documents
 * (`format=document`): the only answers that hold JsonText (a controller's `@UseInterceptors`).
 */
@Injectable()
export class JsonTextAnswers implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const query = http.getRequest<FastifyRequest>().query as { format?: unknown } | undefined;
    if (query?.format !== 'document') return next.handle();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(
      map((answer) => {
        if (answer === undefined || typeof answer === 'string') return answer;
        void reply.type('application/json; charset=utf-8');
        return answerWithJsonTexts(answer);
      }),
    );
  }
}
