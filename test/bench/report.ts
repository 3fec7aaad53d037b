import { cpus } from 'node:os';
import type { BaselineFigures, Baselines } from './baselines';
import type { LagFigures, ReplayFigures } from './engine';
import { HTTP_RUNS, type HttpFigures } from './scenarios';
import { Target, targetOf } from './targets';

/** A measured run and, for a read run, its two baselines. */
export type MeasuredRun = HttpFigures & { baselines?: Baselines };

type HttpRow = Omit<HttpFigures, 'name'> & {
  name: string;
  /**
   * Requests/s over the bare-Fastify and the bare-NestJS baseline's, serving the same bytes in the same run; null without that baseline.
   */
  ratioToFastify: number | null;
  ratioToNest: number | null;
  baselines: Baselines | null;
  target: Target | null;
};

export interface BenchReport {
  machine: { cpus: number; node: string; cpuModel: string };
  http: HttpRow[];
  /** Measured besides the runs in `http` (GET by id at 10 connections). */
  extra: HttpRow[];
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
const roundOrNull = (n: number | null, digits = 1) => (n === null ? null : round(n, digits));

function rounded<T extends BaselineFigures>(h: T): T {
  return {
    ...h,
    rps: round(h.rps),
    peakRssMb: roundOrNull(h.peakRssMb),
    eventLoopP99Ms: roundOrNull(h.eventLoopP99Ms, 2),
    cpuUsPerRequest: roundOrNull(h.cpuUsPerRequest),
  };
}

const ratio = (rps: number, baseline: BaselineFigures | null | undefined) =>
  baseline && baseline.rps > 0 ? round(rps / baseline.rps, 3) : null;

export function buildReport(
  http: MeasuredRun[],
  extra: HttpFigures[],
  replay: ReplayFigures,
  lag: LagFigures,
  peakRssMb: number,
  seed: Record<string, unknown>,
): BenchReport {
  const row = ({ baselines, ...h }: MeasuredRun, name: string = h.name): HttpRow => ({
    ...rounded(h),
    name,
    ratioToFastify: ratio(h.rps, baselines?.fastify),
    ratioToNest: ratio(h.rps, baselines?.nest),
    baselines: baselines
      ? { ...baselines, fastify: baselines.fastify && rounded(baselines.fastify), nest: baselines.nest && rounded(baselines.nest) }
      : null,
    target: null,
  });
  // Rows in the order of the issues: get-by-id, list (the member search), write, team lists, the content context's runs.
  const rows = [...http].sort((a, b) => HTTP_RUNS.indexOf(a.name) - HTTP_RUNS.indexOf(b.name)).map((h) => row(h));
  for (const r of rows) r.target = targetOf(r, rows);
  return {
    machine: machine(),
    http: rows,
    extra: extra.map((h) => row(h, `${h.name}@${h.connections}`)),
    replay: {
      ...replay,
      eventsPerSecond: Math.round(replay.eventsPerSecond),
      seconds: round(replay.seconds, 2),
      appendSeconds: round(replay.appendSeconds, 2),
    },
    lag: { ...lag, p50Ms: round(lag.p50Ms, 2), p99Ms: round(lag.p99Ms, 2), maxMs: round(lag.maxMs, 2) },
    peakRssMb: round(peakRssMb),
    seed,
  };
}

/** A markdown table; its first `textColumns` columns left-aligned, the others (figures) right-aligned. */
function table(rows: string[][], textColumns = 1): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    `| ${r.map((cell, c) => (c < textColumns ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (c < textColumns ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

const fixed = (n: number | null, digits = 2) => (n === null ? '-' : n.toFixed(digits));

/**
 * Three tables: every run (HTTP ones with their ratios to the two baselines of the same run); the
 * baselines themselves; the targets with met or missed.
 */
export function printReport(report: BenchReport): string {
  const { machine: m } = report;
  const rows: string[][] = [
    ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'x Fastify', 'x Nest', 'loop p99 ms', 'CPU µs/req', 'peak RSS MB', 'failures'],
  ];
  for (const h of [...report.http, ...report.extra]) {
    rows.push([
      `${h.name}: ${h.what}`,
      String(h.connections),
      h.rps.toFixed(0),
      h.p50Ms.toFixed(1),
      h.p99Ms.toFixed(1),
      fixed(h.ratioToFastify),
      fixed(h.ratioToNest),
      fixed(h.eventLoopP99Ms, 1),
      fixed(h.cpuUsPerRequest, 0),
      fixed(h.peakRssMb, 0),
      String(h.failures + h.staleReads),
    ]);
  }
  // Without the engine run (--only without engine) there is no replay or lag to show.
  if (report.replay.events > 0)
    rows.push([
      `replay: organizations projection, ${report.replay.events} events`,
      '-',
      `${report.replay.eventsPerSecond} ev/s`,
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '0',
    ]);
  if (report.lag.samples)
    rows.push([
      `lag: append -> visible in read model (${report.lag.samples} samples)`,
      '1',
      '-',
      report.lag.p50Ms.toFixed(2),
      report.lag.p99Ms.toFixed(2),
      '-',
      '-',
      '-',
      '-',
      '-',
      '0',
    ]);
  rows.push(['server process peak RSS (whole run)', '-', '-', '-', '-', '-', '-', '-', '-', report.peakRssMb.toFixed(0), '-']);
  const out = [`machine: ${m.cpus} CPUs (${m.cpuModel}), Node ${m.node}`, table(rows)];

  const withBaselines = report.http.filter((h) => h.baselines);
  if (withBaselines.length > 0) {
    const b: string[][] = [
      [
        'baselines: the bytes the route answered',
        'conns',
        'answers (paths)',
        'mean bytes',
        'Fastify req/s',
        'p99 ms',
        'Nest req/s',
        'p99 ms',
        'Nest x Fastify',
        'failures',
      ],
    ];
    for (const h of withBaselines) {
      const { answers, paths, meanBytes, fastify, nest } = h.baselines!;
      b.push([
        h.name,
        String(h.connections),
        `${answers} (${paths})`,
        String(meanBytes),
        fastify ? fastify.rps.toFixed(0) : '-',
        fastify ? fastify.p99Ms.toFixed(1) : '-',
        nest ? nest.rps.toFixed(0) : '-',
        nest ? nest.p99Ms.toFixed(1) : '-',
        fixed(fastify && nest ? nest.rps / fastify.rps : null),
        String((fastify ? fastify.failures + fastify.staleReads : 0) + (nest ? nest.failures + nest.staleReads : 0)),
      ]);
    }
    out.push(table(b));
  }

  const targets = report.http.filter((h) => h.target);
  if (targets.length > 0) {
    const t: string[][] = [['target', 'goal', 'measured', 'status']];
    for (const h of targets)
      t.push([h.name, h.target!.goal, h.target!.measured, h.target!.met === null ? 'not measured' : h.target!.met ? 'met' : 'MISSED']);
    out.push(table(t, 3));
  }
  return out.join('\n\n');
}
