import { cpus } from 'node:os';
import type { LagFigures, ReplayFigures } from './engine';
import type { HttpFigures } from './scenarios';

type HttpRow = Pick<HttpFigures, 'name' | 'rps' | 'p50Ms' | 'p99Ms'> & { ratioToBaseline: number } & Omit<HttpFigures, 'name' | 'rps' | 'p50Ms' | 'p99Ms'>;

export interface BenchReport {
  machine: { cpus: number; node: string; cpuModel: string };
  http: HttpRow[];
  /** Measured besides the runs in `http` (GET by id at 10 connections). */
  extra: (Omit<HttpRow, 'name'> & { name: string })[];
  replay: Pick<ReplayFigures, 'events' | 'eventsPerSecond'> & Partial<ReplayFigures>;
  lag: Pick<LagFigures, 'p50Ms' | 'p99Ms'> & Partial<LagFigures>;
  /** Peak RSS of the API server process over the whole run (getrusage maxrss). */
  peakRssMb: number;
  seed: Record<string, unknown>;
}

export function machine(): BenchReport['machine'] {
  return { cpus: cpus().length, node: process.version, cpuModel: cpus()[0]?.model ?? 'unknown' };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function buildReport(
  http: HttpFigures[],
  extra: HttpFigures[],
  replay: ReplayFigures,
  lag: LagFigures,
  peakRssMb: number,
  seed: Record<string, unknown>,
): BenchReport {
  const base = http.find((h) => h.name === 'baseline') ?? { rps: NaN };
  const row = (h: HttpFigures) => ({
    ...h,
    rps: round(h.rps),
    peakRssMb: h.peakRssMb === null ? null : round(h.peakRssMb),
    eventLoopP99Ms: h.eventLoopP99Ms === null ? null : round(h.eventLoopP99Ms, 2),
    cpuUsPerRequest: h.cpuUsPerRequest === null ? null : round(h.cpuUsPerRequest),
    ratioToBaseline: round(h.rps / base.rps, 3),
  });
  // Rows in the order of the issues: get-by-id, list (the member search), write, team lists, the content context's runs, baseline.
  const order = ['get-by-id', 'list', 'write', 'teams-large', 'teams-small', 'page-get', 'page-edit', 'merge-1000', 'search', 'baseline', 'nest-baseline'];
  return {
    machine: machine(),
    http: [...http].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)).map(row),
    extra: extra.map((h) => ({ ...row(h), name: `${h.name}@${h.connections}` })),
    replay: { ...replay, eventsPerSecond: Math.round(replay.eventsPerSecond), seconds: round(replay.seconds, 2), appendSeconds: round(replay.appendSeconds, 2) },
    lag: { ...lag, p50Ms: round(lag.p50Ms, 2), p99Ms: round(lag.p99Ms, 2), maxMs: round(lag.maxMs, 2) },
    peakRssMb: round(peakRssMb),
    seed,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

/** One table: every figure, HTTP ones with their ratio to the bare Fastify baseline. */
export function printReport(report: BenchReport): string {
  const { machine: m } = report;
  const rows: string[][] = [['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'x baseline', 'loop p99 ms', 'CPU µs/req', 'peak RSS MB', 'failures']];
  for (const h of [...report.http, ...report.extra]) {
    rows.push([
      `${h.name}: ${h.what}`,
      String(h.connections),
      h.rps.toFixed(0),
      h.p50Ms.toFixed(1),
      h.p99Ms.toFixed(1),
      h.ratioToBaseline.toFixed(2),
      h.eventLoopP99Ms === null ? '-' : h.eventLoopP99Ms.toFixed(1),
      h.cpuUsPerRequest === null ? '-' : h.cpuUsPerRequest.toFixed(0),
      h.peakRssMb === null ? '-' : h.peakRssMb.toFixed(0),
      String(h.failures + h.staleReads),
    ]);
  }
  rows.push([`replay: organizations projection, ${report.replay.events} events`, '-', `${report.replay.eventsPerSecond} ev/s`, '-', '-', '-', '-', '-', '-', '0']);
  rows.push([`lag: append -> visible in read model (${report.lag.samples} samples)`, '1', '-', report.lag.p50Ms.toFixed(2), report.lag.p99Ms.toFixed(2), '-', '-', '-', '-', '0']);
  rows.push(['server process peak RSS (whole run)', '-', '-', '-', '-', '-', '-', '-', report.peakRssMb.toFixed(0), '-']);
  return [`machine: ${m.cpus} CPUs (${m.cpuModel}), Node ${m.node}`, table(rows)].join('\n');
}
