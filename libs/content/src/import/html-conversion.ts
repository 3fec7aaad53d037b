import { WorkError, WorkPool } from '@docs/platform';
import type * as HtmlTask from './html-page.task';

/** Where HTML becomes markdown: a work thread (DESIGN.md, "Bounded work"). */
const CONVERT_TASK = require.resolve('./html-page.task');
/** Time one conversion may take in its work thread. */
const CONVERT_BUDGET_MS = 10_000;
/** How long to wait before asking a busy work pool again. */
const BUSY_RETRY_MS = 100;

type Conversions = Pick<typeof HtmlTask, 'convertPage' | 'convertHtmlFile'>;

/**
 * Runs one of html-page.task's conversions in a work thread: a busy pool is asked again until it
 * has room (or `signal` aborts); any other failure is the WorkError the pool threw.
 */
export async function convertInWorkThread<K extends keyof Conversions>(
  work: WorkPool,
  conversion: K,
  input: Parameters<Conversions[K]>[0],
  signal: AbortSignal,
): Promise<ReturnType<Conversions[K]>> {
  for (;;) {
    try {
      return await work.run<ReturnType<Conversions[K]>>(CONVERT_TASK, conversion, input, { budgetMs: CONVERT_BUDGET_MS });
    } catch (error) {
      if (!(error instanceof WorkError) || error.kind !== 'busy' || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}
