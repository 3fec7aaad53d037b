import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * Where and when a background job (import runs, exports, purges, OpenAPI processing) starts: only
 * in a process that runs the projections (ROLE all or projector), so API replicas (ROLE api) do
 * not race each other, and only once the application has finished starting (the projections run
 * by then).
 */
@Injectable()
export class BackgroundJobs {
  constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {}

  /** Calls `start` once the application has finished starting, in a process that runs jobs; answers whether it will. */
  afterStart(start: () => void): boolean {
    if (this.config.role === 'api') return false;
    setImmediate(start);
    return true;
  }
}
