import { BadRequestException, Injectable } from '@nestjs/common';
import { WorkPool } from '@docs/platform';
import { DocumentInput, inRuns, jsonNodesUpTo, markdownOfDocument } from '../documents/page-bodies.domain';

const TASK = require.resolve('../documents/page-bodies.task');
/**
 * Objects and arrays converted on the event loop at most (all the documents of a batch): a few
 * milliseconds. Larger documents are converted in work threads, a task per 4 MiB of their JSON,
 * within the budget (a document at DOCUMENT_LIMITS' bounds takes about a second).
 */
const INLINE_NODES = 2_000;
const TASK_CHARS = 4 * 1024 * 1024;
const BUDGET_MS = 30_000;

/** A page body sent as GitBook's JSON document: the change it came in and the document as sent. */
export interface SentDocument {
  change: number;
  document: unknown;
}

/**
 * The markdown of page bodies sent as documents (docs/content-design.md, "Page bodies and
 * documents"): each validated (validateDocument) and written as markdown (documentToMarkdown), on
 * the event loop when they are small, else in work threads. An invalid document is 400 naming the
 * change and the path of the bad node (`changes[0].document.document.nodes[2]: unknown block type "x"`).
 */
@Injectable()
export class DocumentBodies {
  constructor(private readonly work: WorkPool) {}

  async markdownOf(sent: readonly SentDocument[], organizationId: string): Promise<string[]> {
    if (sent.length === 0) return [];
    const documents = sent.map((item) => item.document);
    const results =
      jsonNodesUpTo(documents, INLINE_NODES + 1) <= INLINE_NODES
        ? documents.map((document) => markdownOfDocument(document))
        : await this.offLoop(
            documents.map((document) => JSON.stringify(document)),
            organizationId,
          );
    return results.map((result, i) => {
      if ('markdown' in result) return result.markdown;
      const field = `changes[${sent[i]!.change}].document`;
      throw new BadRequestException(result.errors.map((error) => (error.startsWith('document') ? `${field}.${error}` : error)).join('; '));
    });
  }

  private async offLoop(texts: readonly string[], organizationId: string): Promise<DocumentInput[]> {
    const out: DocumentInput[] = [];
    for (const run of inRuns(texts, (text) => text.length, TASK_CHARS))
      out.push(...(await this.work.run<DocumentInput[]>(TASK, 'markdownOfDocuments', run, { budgetMs: BUDGET_MS, key: organizationId })));
    return out;
  }
}
