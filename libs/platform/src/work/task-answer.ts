import { invalid } from '@docs/kernel';
import { WorkError } from './work-errors';
// Not in work-errors.ts: the work pool loads that file in processes without the @docs aliases.
/**
 * A task's answer, with its refusals said as the caller's: a task that threw one of the kernel's
 * `invalid` refusals (the input is wrong) is that 400, and work stopped past its time or heap says
 * what it was doing (`what`: "reading the archive"), still a WorkError (422: the input is too large).
 */
export async function taskAnswer<T>(work: Promise<T>, what: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof WorkError && error.kind === 'failed' && error.causeName === 'DomainError') throw invalid(error.message);
    if (error instanceof WorkError && (error.kind === 'timeout' || error.kind === 'memory'))
      throw new WorkError(error.kind, `${what} took more ${error.kind === 'timeout' ? 'time' : 'memory'} than a work thread has`);
    throw error;
  }
}
