import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A request injected into the application (fastify's `inject`: no socket, straight to its router). */
export interface InjectedRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
}

export interface BurstMeasure {
  /** Each answer's status, in the order the requests were made. */
  statusCodes: number[];
  /** How long the whole burst took (ms), from 5 ms before it, when the timer starts measuring. */
  totalMs: number;
  /** The longest stretch the application's event loop went without running a 1 ms timer meanwhile (ms). */
  longestStallMs: number;
}

/**
 * `count` copies of `request` injected together, measured on the event loop the application runs
 * on (so in its own process): whether its requests take turns with timers or hold them all along.
 */
export async function injectedBurst(app: NestFastifyApplication, request: InjectedRequest, count: number): Promise<BurstMeasure> {
  const fastify = app.getHttpAdapter().getInstance();
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 5));
  last = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () => fastify.inject({ method: request.method as 'GET', url: request.url, headers: request.headers })),
  );
  clearInterval(timer);
  const ended = performance.now();
  return { statusCodes: answers.map((a) => a.statusCode), totalMs: ended - started, longestStallMs: Math.max(longest, ended - last) };
}
