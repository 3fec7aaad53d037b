import { BadRequestException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { JsonText, WorkPool } from '@docs/platform';
import { CommentBody, CommentFormat, MAX_DOCUMENT_ANSWER_CHARS, MAX_DOCUMENT_ANSWER_JSON } from './comment-body.api';
import type { CommentView, ReplyView } from '../comment-views';
import type { CommentBodyInput } from './comment.dto';
import { DocumentMarkdown, documentsOf, markdownOfDocument } from './comment-documents.task';

const TASK = require.resolve('./comment-documents.task');
/** Markdown converted on the event loop at most (a few milliseconds of the worst markdown); more goes to a work thread. */
const INLINE_MARKDOWN_CHARS = 2 * 1024;
/** Nodes of a document body converted on the event loop at most; a larger one goes to a work thread. */
const INLINE_DOCUMENT_NODES = 2_000;
/** A conversion's time in a work thread; past it the answer is 422 (the content is too large to process). */
const BUDGET_MS = 20_000;

/** Whether a JSON value holds more than `limit` objects and arrays (it stops counting there). */
function moreNodesThan(value: unknown, limit: number): boolean {
  const stack = [value];
  let count = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === null || typeof next !== 'object') continue;
    if (++count > limit) return true;
    for (const child of Object.values(next)) if (child !== null && typeof child === 'object') stack.push(child);
  }
  return false;
}

const tooMuch = (what: string) =>
  new UnprocessableEntityException(`format=document: these bodies ${what}; ask for fewer (limit) or for markdown`);

/**
 * Comment bodies in GitBook's two formats (docs/collaboration-design.md): bodies are stored as
 * markdown, answered as `{ markdown }` or, with format=document, as `{ document }`, and taken as either.
 * Conversions grow with the body, so they run on the event loop only while small, else in the
 * WorkPool (a time budget, the organization's share); an answer converts at most
 * MAX_DOCUMENT_ANSWER_CHARS of markdown into at most MAX_DOCUMENT_ANSWER_JSON of documents.
 */
@Injectable()
export class CommentBodies {
  constructor(private readonly work: WorkPool) {}

  /**
   * The markdown a body stands for: its `markdown`, or its `document` converted (400 naming what is
   * wrong with it). `sent` is the document as the request sent it (RawCommentDocument), which the
   * validated body holds only a stand-in for.
   */
  async markdownOf(body: CommentBodyInput, sent: object | undefined, organizationId: string): Promise<string> {
    if (body.document === undefined) return body.markdown!;
    const document = sent ?? body.document;
    const converted = moreNodesThan(document, INLINE_DOCUMENT_NODES)
      ? await this.work.run<DocumentMarkdown>(TASK, 'markdownOfDocumentJson', JSON.stringify(document), {
          budgetMs: BUDGET_MS,
          key: organizationId,
        })
      : markdownOfDocument(document);
    if ('problems' in converted) throw new BadRequestException(converted.problems.join('; '));
    return converted.markdown;
  }

  /** The bodies of comments or replies (of one place) as answered in `format`, in order. */
  of(views: ReadonlyArray<CommentView | ReplyView>, format: CommentFormat | undefined): Promise<CommentBody[]> {
    const markdowns = views.map((view) => ('comment' in view ? view.comment.markdown : view.reply.markdown));
    return this.answered(markdowns, format, views[0]?.place.space.organizationId ?? '');
  }

  /** Stored bodies as answered in `format` (absent: markdown), in order; `organizationId`: whose share of the WorkPool. */
  private async answered(markdowns: readonly string[], format: CommentFormat | undefined, organizationId: string): Promise<CommentBody[]> {
    if (format !== 'document') return markdowns.map((markdown) => ({ markdown }));
    const chars = markdowns.reduce((sum, markdown) => sum + markdown.length, 0);
    if (chars > MAX_DOCUMENT_ANSWER_CHARS)
      throw tooMuch(`hold ${chars} characters of markdown, more than the ${MAX_DOCUMENT_ANSWER_CHARS} one answer converts`);
    const documents = chars <= INLINE_MARKDOWN_CHARS ? documentsOf(markdowns) : await this.converted(markdowns, organizationId);
    return documents.map((document) => ({ document }));
  }

  /**
   * The documents as the work thread wrote them, JSON text the answer carries as it is (JsonText):
   * parsing and writing megabytes of documents again would hold the event loop.
   */
  private async converted(markdowns: readonly string[], organizationId: string): Promise<JsonText[]> {
    const input = { markdowns, maxLength: MAX_DOCUMENT_ANSWER_JSON };
    const output = await this.work.run<{ jsons: string[] } | { tooLong: number }>(TASK, 'documentsJsonOf', input, {
      budgetMs: BUDGET_MS,
      key: organizationId,
    });
    if ('tooLong' in output)
      throw tooMuch(`are ${output.tooLong} characters as JSON documents, more than the ${MAX_DOCUMENT_ANSWER_JSON} one answer carries`);
    return output.jsons.map((json) => new JsonText(json));
  }
}
