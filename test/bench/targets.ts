/**
 * The targets the issues set for the bench's runs, judged on one run's figures. A target holds only
 * with no failed request and no stale read. Ratios are to the baselines measured in the same run
 * (baselines.ts); without them (`--baselines none`) a ratio target is "not measured".
 */
export interface TargetRow {
  name: string;
  rps: number;
  p99Ms: number;
  failures: number;
  staleReads: number;
  ratioToNest: number | null;
  ratioToFastify: number | null;
  eventLoopP99Ms: number | null;
}

export interface Target {
  goal: string;
  measured: string;
  /** null: the figure the target needs was not measured in this run. */
  met: boolean | null;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

function nestRatio(minimum: number): (row: TargetRow) => Omit<Target, 'goal'> {
  return (row) => ({
    measured: row.ratioToNest === null ? 'no bare-NestJS run' : `${row.ratioToNest.toFixed(2)} x bare NestJS`,
    met: row.ratioToNest === null ? null : row.ratioToNest >= minimum,
  });
}

function throughput(minRps: number, maxP99Ms: number): (row: TargetRow) => Omit<Target, 'goal'> {
  return (row) => ({ measured: `${count(row.rps)}/s, p99 ${row.p99Ms.toFixed(1)} ms`, met: row.rps >= minRps && row.p99Ms < maxP99Ms });
}

const TARGETS = new Map<string, { goal: string; judge: (row: TargetRow, rows: readonly TargetRow[]) => Omit<Target, 'goal'> }>([
  // Issue #23: a route is judged against the framework it runs on, in the same run.
  ['get-by-id', { goal: '>= 0.8 x bare NestJS req/s', judge: nestRatio(0.8) }],
  ['page-get', { goal: '>= 0.7 x bare NestJS req/s', judge: nestRatio(0.7) }],
  ['list', { goal: '>= 2,000 req/s, p99 < 150 ms', judge: throughput(2000, 150) }],
  ['write', { goal: '>= 2,000 acknowledged/s (read-your-writes), p99 < 30 ms', judge: throughput(2000, 30) }],
  ['page-edit', { goal: '>= 500 acknowledged edits/s, p99 < 50 ms', judge: throughput(500, 50) }],
  ['merge-1000', { goal: 'p99 < 100 ms', judge: (row) => ({ measured: `p99 ${row.p99Ms.toFixed(1)} ms`, met: row.p99Ms < 100 }) }],
  ['search', { goal: 'p99 < 20 ms', judge: (row) => ({ measured: `p99 ${row.p99Ms.toFixed(1)} ms`, met: row.p99Ms < 20 }) }],
  // Issue #26: a page of a published 1,000-page site, to anonymous readers, against bare Fastify serving its bytes.
  [
    'site-page',
    {
      goal: '>= 0.6 x bare Fastify req/s, p99 < 50 ms, event-loop delay p99 < 20 ms',
      judge: (row) => {
        const loop = row.eventLoopP99Ms;
        const ratio = row.ratioToFastify;
        return {
          measured:
            `${ratio === null ? 'no bare-Fastify run' : `${ratio.toFixed(2)} x bare Fastify`}, p99 ${row.p99Ms.toFixed(1)} ms, ` +
            `loop p99 ${loop === null ? '-' : `${loop.toFixed(1)} ms`}`,
          met: ratio === null || loop === null ? null : ratio >= 0.6 && row.p99Ms < 50 && loop < 20,
        };
      },
    },
  ],
  // Issue #29: from an event's append to its receipt, 1,000 events to 10 subscriptions while write runs.
  [
    'webhooks',
    {
      goal: 'p99 < 200 ms from append to receipt, beside write',
      judge: (row) => ({ measured: `p99 ${row.p99Ms.toFixed(1)} ms`, met: row.p99Ms < 200 }),
    },
  ],
  // Issue #27: what a change request touching 100 of 1,000 pages changes, 10 connections.
  ['diff-100', { goal: 'p99 < 50 ms', judge: (row) => ({ measured: `p99 ${row.p99Ms.toFixed(1)} ms`, met: row.p99Ms < 50 }) }],
  [
    'teams-large',
    {
      goal: '>= 0.5 x teams-small req/s',
      judge: (row, rows) => {
        const small = rows.find((r) => r.name === 'teams-small');
        return small
          ? { measured: `${(row.rps / small.rps).toFixed(2)} x teams-small`, met: row.rps / small.rps >= 0.5 }
          : { measured: 'no teams-small run', met: null };
      },
    },
  ],
]);

export function targetOf(row: TargetRow, rows: readonly TargetRow[]): Target | null {
  const target = TARGETS.get(row.name);
  if (!target) return null;
  const { measured, met } = target.judge(row, rows);
  const clean = row.failures === 0 && row.staleReads === 0;
  return {
    goal: `${target.goal}, no failures`,
    measured: clean ? measured : `${measured}; ${row.failures} failures, ${row.staleReads} stale reads`,
    met: met === null ? null : met && clean,
  };
}
