import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  BlobStore,
  DomainError,
  FollowingJob,
  LogJobs,
  OutboundFetch,
  OutboundFetchError,
  randomUUID,
  systemContext,
  WorkError,
  WorkPool,
} from '@docs/platform';
import { OpenAPISpecSource, ProcessErrorCode } from '../openapi-specs/openapi-spec.decider';
import { OpenAPISpecsReadModel } from '../openapi-specs/openapi-specs.read-model';
import type { ProcessedOpenAPI } from './openapi-processing.task';
import { OpenAPISpecWriter } from '../openapi-specs/openapi-spec-writer';

/** Specs processed at once. */
const CONCURRENCY = 4;
/** What a source URL is fetched with. */
const ACCEPT = 'application/json, application/yaml, application/x-yaml, text/yaml, text/plain;q=0.9, */*;q=0.5';
/** Where a document is parsed, measured and validated: a work thread (docs/api-specs-design.md, "Bounded work"). */
const PROCESSING_TASK = require.resolve('./openapi-processing.task');
/** Time one document may take in its work thread. */
const PROCESSING_BUDGET_MS = 30_000;
/** How long to wait before asking a busy work pool again. */
const BUSY_RETRY_MS = 500;

/** What the processor found wrong, as the spec's `lastProcessErrorCode` and a message. */
class ProcessingFailure extends Error {
  constructor(
    readonly code: ProcessErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Processes OpenAPI specifications in the background (docs/api-specs-design.md), where the
 * projections run (ROLE all or projector). It follows the event log from its head for
 * `OpenAPISpecCreated` and `OpenAPISpecSourceUpdated`, and at start-up takes up every spec the
 * read model shows `pending` or `progress` (left by a process that stopped), so a crash loses no
 * work. For each: record `OpenAPISpecProcessingStarted` (progress), fetch the URL through the
 * outbound guard (its timeout and size cap) or read the text blob, parse and check the document,
 * put the canonical document and the raw text in the blob store, and record
 * `OpenAPISpecProcessed` (a version per distinct document) or `OpenAPISpecProcessingFailed`.
 */
@Injectable()
export class OpenAPISpecProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OpenAPISpecs');
  /** Specs waiting, by id, with their organization. */
  private readonly queue = new Map<string, string>();
  private readonly active = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private following?: FollowingJob;
  private stopped = false;

  constructor(
    private readonly log: LogJobs,
    private readonly read: OpenAPISpecsReadModel,
    private readonly writer: OpenAPISpecWriter,
    private readonly blobs: BlobStore,
    private readonly outbound: OutboundFetch,
    private readonly work: WorkPool,
  ) {}

  onApplicationBootstrap(): void {
    this.following = this.log.follow({
      logger: this.logger,
      onEvent: (event) => {
        if (event.type !== 'OpenAPISpecCreated' && event.type !== 'OpenAPISpecSourceUpdated') return;
        const { specId, organizationId } = event.data as { specId: string; organizationId: string };
        this.enqueue(specId, organizationId);
      },
      // What an earlier run left pending or in progress.
      projection: 'openapi_specs',
      left: (page) => this.read.unprocessed(page),
      resume: (spec) => this.enqueue(spec.id, spec.organizationId),
      stopped: () => this.stopped,
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.following?.stop();
    await Promise.allSettled([...this.active.values()]);
  }

  private enqueue(specId: string, organizationId: string): void {
    if (this.stopped) return;
    this.queue.set(specId, organizationId);
    this.pump();
  }

  private pump(): void {
    for (const [specId, organizationId] of this.queue) {
      if (this.active.size >= CONCURRENCY || this.stopped) return;
      if (this.active.has(specId)) continue; // taken up again when the running one ends
      this.queue.delete(specId);
      const run = this.process(specId, organizationId).finally(() => {
        this.active.delete(specId);
        this.pump();
      });
      this.active.set(specId, run);
    }
  }

  private async process(specId: string, organizationId: string): Promise<void> {
    const ctx = systemContext(`openapi-spec-${randomUUID()}`);
    try {
      const started = await this.writer.execute(specId, { type: 'StartOpenAPISpecProcessing', organizationId }, ctx);
      if (started.events.length === 0) return; // already complete
      const { request, source } = started.state;
      try {
        const { text, url } = await this.load(source!);
        const parsed = await this.parse(text, organizationId);
        const [document, raw] = [
          await this.blobs.put(Buffer.from(parsed.canonical, 'utf8')),
          await this.blobs.put(Buffer.from(text, 'utf8')),
        ];
        if (this.stopped) return;
        const version = { documentHash: document.hash, rawHash: raw.hash, format: parsed.format, infoVersion: parsed.infoVersion };
        await this.writer.execute(
          specId,
          { type: 'RecordOpenAPISpecProcessed', organizationId, request, version, ...(url ? { sourceURL: url } : {}) },
          ctx,
        );
      } catch (error) {
        if (this.stopped || !(error instanceof ProcessingFailure)) throw error;
        await this.writer.execute(
          specId,
          { type: 'RecordOpenAPISpecProcessingFailed', organizationId, request, errorCode: error.code, message: error.message },
          ctx,
        );
      }
    } catch (error) {
      // Deleted, or given a new source meanwhile (its own event queues it again): nothing to record.
      if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not_found')) return;
      if (!this.stopped) this.logger.error(`spec ${specId} not processed: ${(error as Error).message}`);
    }
  }

  /** The document's text: fetched through the outbound guard, or the text blob. */
  private async load(source: OpenAPISpecSource): Promise<{ text: string; url?: string }> {
    if ('textHash' in source) {
      const bytes = await this.blobs.get(source.textHash);
      if (!bytes) throw new ProcessingFailure('PARSE_ERROR', 'the specification text is missing');
      return { text: bytes.toString('utf8') };
    }
    try {
      const response = await this.outbound.fetch(source.url, { accept: ACCEPT, signal: this.abort.signal });
      if (response.status < 200 || response.status > 299)
        throw new ProcessingFailure('FETCH_ERROR', `${source.url} answered ${response.status}`);
      return { text: new TextDecoder('utf-8').decode(response.body), url: source.url };
    } catch (error) {
      if (error instanceof OutboundFetchError)
        throw new ProcessingFailure(error.reason === 'timeout' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR', error.message);
      throw error;
    }
  }

  /**
   * Parses, measures and validates the text in a work thread, within PROCESSING_BUDGET_MS and the
   * pool's heap cap; whatever the document makes go wrong there is the spec's PARSE_ERROR, so a
   * hostile document is recorded as failed (and not taken up again at the next start). A busy pool
   * is asked again until it has room.
   */
  private async parse(text: string, organizationId: string): Promise<ProcessedOpenAPI> {
    for (;;) {
      try {
        return await this.work.run<ProcessedOpenAPI>(PROCESSING_TASK, 'processOpenAPIText', text, {
          budgetMs: PROCESSING_BUDGET_MS,
          key: organizationId,
        });
      } catch (error) {
        if (!(error instanceof WorkError)) throw error;
        if (error.kind === 'busy' && !this.stopped) {
          await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
          continue;
        }
        throw new ProcessingFailure('PARSE_ERROR', parseFailure(error));
      }
    }
  }
}

/** The spec's error message for a document its work thread could not process. */
function parseFailure(error: WorkError): string {
  switch (error.kind) {
    case 'timeout':
      return `the document could not be processed within ${PROCESSING_BUDGET_MS / 1000} s`;
    case 'memory':
      return 'the document needs more memory to process than a specification may use';
    case 'busy':
      return 'the server stopped before the document was processed';
    case 'failed':
      if (error.causeName === 'OpenAPIParseError') return error.message;
      if (error.causeName === 'RangeError') return 'the document nests too deeply to process';
      return `the document could not be processed: ${error.message}`;
  }
}
