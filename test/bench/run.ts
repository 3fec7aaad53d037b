/**
 * `npm run bench [-- --json FILE] [-- --seconds N] [-- --quick] [-- --profile DIR]` (all flags: USAGE)
 *
 * Starts the API server as a child process (as `npm start` runs it: honest RSS, and the load
 * generator does not share its event loop) on the embedded default in a fresh temporary DATA_DIR,
 * seeds it and drives it with autocannon. Each read run is followed by its two baselines, a bare
 * Fastify and a bare NestJS server in children of their own, serving the bytes the real route
 * answered to the same requests (baselines.ts). Then it measures projection replay and
 * command-to-read-model lag in another child. Prints the figures, the baselines and the targets.
 * `webhooks` (issue #29) creates 1,000 spaces, each a `space.created` delivery to 10 subscriptions on a local receiver, beside `write`.
 * The content context's runs (page-get, page-edit, merge-1000, search, diff-100, site-page) first seed a space of 1,000 pages
 * over HTTP (seed-content.ts), only when one of them is wanted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BASELINES, BaselineName, measureBaselines } from './baselines';
import { capture } from './captured';
import { Child } from './ipc';
import type { LagFigures, ReplayFigures } from './engine';
import {
  diffChanges,
  getById,
  HttpFigures,
  HttpRun,
  HTTP_RUNS,
  list,
  measure,
  measureMerges,
  pageEdit,
  pageGet,
  search,
  sitePage,
  teams,
  write,
} from './scenarios';
import { measureWebhooks } from './webhooks';
import type { Seeded, SeededTeamOrg } from './seed';
import { prepareChangeRequests, prepareDiffChangeRequest, publishSite, SeededContent, seedContent } from './seed-content';
import { buildReport, MeasuredRun, printReport } from './report';

interface Args {
  json: string | null;
  seconds: number;
  warmup: number;
  /** Each baseline's measured seconds and warm-up (bare servers have little to warm). */
  baselineSeconds: number;
  baselineWarmup: number;
  /** Which baselines follow each read run. */
  baselines: BaselineName[];
  /** Merges timed by merge-1000. */
  merges: number;
  profile: string | null;
  /** Scenarios to run (default: all); for profiling one path. */
  only: Set<string> | null;
  /** Keep the server's DATA_DIR (to look at the stores afterwards). */
  keep: boolean;
}

const USAGE =
  `usage: npm run bench -- [--json FILE] [--seconds N] [--warmup N] [--baseline-seconds N] ` +
  `[--baseline-warmup N] [--baselines fastify,nest|none] [--quick] [--profile DIR] [--only NAMES] ` +
  `[--keep]`;

/** --quick: a functional run (about a third of the time), not one to quote. */
const QUICK = { seconds: 3, warmup: 1, baselineSeconds: 2, baselineWarmup: 1, merges: 50 };

function parseArgs(argv: string[]): Args {
  const given: Partial<Args> = {};
  let quick = false;
  const args: Args = {
    json: null,
    seconds: 10,
    warmup: 3,
    baselineSeconds: 5,
    baselineWarmup: 1,
    baselines: [...BASELINES],
    merges: MERGES.timed,
    profile: null,
    only: null,
    keep: false,
  };
  const number = (flag: string, v: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number of seconds, got ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return v;
    };
    switch (argv[i]) {
      case '--json':
        args.json = resolve(value());
        break;
      case '--seconds':
        given.seconds = number('--seconds', value());
        break;
      case '--warmup':
        given.warmup = number('--warmup', value());
        break;
      case '--baseline-seconds':
        given.baselineSeconds = number('--baseline-seconds', value());
        break;
      case '--baseline-warmup':
        given.baselineWarmup = number('--baseline-warmup', value());
        break;
      case '--baselines': {
        const names = value().split(',');
        const unknown = names.filter((name) => name !== 'none' && !BASELINES.includes(name as BaselineName));
        if (unknown.length > 0) throw new Error(`--baselines: unknown baseline ${unknown.join(', ')}; fastify, nest, or none`);
        args.baselines = BASELINES.filter((name) => names.includes(name));
        break;
      }
      case '--quick':
        quick = true;
        break;
      case '--profile':
        args.profile = resolve(value());
        break;
      case '--only': {
        args.only = new Set(value().split(','));
        const unknown = [...args.only].filter((name) => !SCENARIOS.includes(name));
        if (unknown.length > 0) {
          const hint = unknown.some((name) => name === 'baseline' || name === 'nest-baseline')
            ? ' (the baselines now follow each read run; --baselines picks them)'
            : '';
          throw new Error(`--only: unknown scenario ${unknown.join(', ')}; one of ${SCENARIOS.join(', ')}${hint}`);
        }
        break;
      }
      case '--keep':
        args.keep = true;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}; ${USAGE}; --only takes ${SCENARIOS.join(',')}`);
    }
  }
  // Flags given explicitly win over --quick, wherever they stand.
  return { ...args, ...(quick ? QUICK : {}), ...given };
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/** What `--only` picks from. */
const SCENARIOS: string[] = [...HTTP_RUNS, 'engine'];
/** The content runs' space: 50 top-level sections of 19 pages each, 1,000 pages. */
const CONTENT = { sections: 50, childrenPerSection: 19 };
/** page-edit: one change request per connection (and another set for the warm-up). */
const EDIT_CONNECTIONS = 10;
/** merge-1000: merges timed (--quick: fewer), after untimed warm-up merges. */
const MERGES = { timed: 250, warmup: 10 };
/** diff-100: pages the change request touches, and connections. */
const DIFF = { touched: 100, connections: 10 };

/** Waits until the server answers GET /health quickly again (its queue is drained), at most 60 s. */
async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && Date.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-bench-'));
  const capturesDir = mkdtempSync(join(tmpdir(), 'docs-bench-answers-'));
  const profileArgs = (name: string) =>
    args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  // The webhooks run's receiver listens on 127.0.0.1, which the outbound guard refuses unless allowed.
  const server = Child.start(
    'api server',
    'server.js',
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    profileArgs('server'),
  );
  try {
    const { url } = await server.ready;
    log(`server ${url} (pid ${server.pid}, DATA_DIR ${dataDir}); seeding`);
    const seeded = await server.request<Seeded>({ type: 'seed', options: { organizations: 20, users: 200 } });
    log(
      `seeded ${JSON.stringify(seeded.counts)}; invites route: ` +
        `${seeded.invites ? 'yes' : 'absent (users seeded via issueApiToken only)'}; members route: ` +
        `${seeded.membersRoute ? 'yes' : 'absent'}`,
    );
    const wanted = (name: string) => !args.only || args.only.has(name);
    let teamOrgs: SeededTeamOrg[] = [];
    if (wanted('teams-large') || wanted('teams-small')) {
      const teamsStarted = Date.now();
      teamOrgs = await server.request<SeededTeamOrg[]>({ type: 'seed-teams', options: { teams: [10_000, 50] } });
      log(
        `seeded ${teamOrgs.map((o) => o.teams).join(' and ')} teams in two organizations ` +
          `(${((Date.now() - teamsStarted) / 1000).toFixed(1)} s, appended and projected)`,
      );
    }
    let content: SeededContent | null = null;
    const contentRuns = ['page-get', 'page-edit', 'merge-1000', 'search', 'diff-100', 'site-page'];
    if (contentRuns.some(wanted)) {
      // Over HTTP as a client would, by user 0 (admin of every seeded organization).
      content = await seedContent(url, seeded.orgs[0]!.id, seeded.orgs[0]!.adminToken, CONTENT);
      log(
        `seeded a space of ${content.pages.length} pages (${content.sections} sections, ~2 KB of markdown ` +
          `each) over HTTP: ${Math.ceil(content.pages.length / 50)} content calls and a merge, ` +
          `${content.seconds.toFixed(1)} s`,
      );
      await settle(url);
    }

    const http: MeasuredRun[] = [];
    const extra: HttpFigures[] = [];
    const rss = () => server.sampleRss();
    const serverLoop = () => server.eventLoop();
    /**
     * A run, then the server settles. A read run first captures what the real route answers to each
     * of its requests, and is followed by its baselines serving those bytes, while the API server
     * sits idle (baselines.ts).
     */
    const measureRun = async (run: HttpRun): Promise<MeasuredRun> => {
      const captured = run.read && args.baselines.length > 0 ? await capture(url, run.read.route, run.read.requests()) : null;
      log(`${run.name}: ${run.what}, ${run.connections} connections, ${args.warmup}s warm-up + ${args.seconds}s`);
      const figures = await measure(run, args.seconds, args.warmup, rss, serverLoop);
      // autocannon stops sending at the deadline; let the server finish what is queued before the next run.
      await settle(url);
      if (!captured) return figures;
      const baselines = await measureBaselines(
        run,
        captured,
        { which: args.baselines, seconds: args.baselineSeconds, warmup: args.baselineWarmup, dir: capturesDir },
        log,
      );
      return { ...figures, baselines };
    };

    const runs = [
      getById(url, seeded, 100),
      list(url, seeded, 100),
      write(url, seeded, 20),
      ...(teamOrgs.length === 2
        ? [teams(url, seeded, teamOrgs[0]!, 'teams-large', 100), teams(url, seeded, teamOrgs[1]!, 'teams-small', 100)]
        : []),
    ];
    for (const run of runs.filter((r) => wanted(r.name))) http.push(await measureRun(run));
    if (content && wanted('page-get')) http.push(await measureRun(pageGet(url, content, 100)));
    if (content && wanted('search')) {
      const figures = await measureRun(search(url, content, 10));
      log(
        `search: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.rps.toFixed(0)} requests/s at ` +
          `${figures.connections} connections`,
      );
      http.push(figures);
    }
    if (content && wanted('site-page')) {
      // Before diff-100, page-edit and merge-1000 change the space: the site shows the seeded pages.
      const site = await publishSite(url, content);
      log(`site-page: published a site of ${site.paths.length} pages at ${site.base}`);
      await settle(url);
      http.push(await measureRun(sitePage(url, site, 100)));
    }
    if (content && wanted('diff-100')) {
      const prepared = Date.now();
      const changeRequest = await prepareDiffChangeRequest(url, content, DIFF.touched);
      log(`diff-100: a change request touching ${changeRequest.changes} pages (${((Date.now() - prepared) / 1000).toFixed(1)} s)`);
      await settle(url);
      const figures = await measureRun(diffChanges(url, content, changeRequest, DIFF.connections));
      log(`diff-100: p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.rps.toFixed(0)} requests/s`);
      http.push(figures);
    }
    if (content && wanted('page-edit')) {
      const prepared = Date.now();
      const changeRequests = await prepareChangeRequests(url, content, EDIT_CONNECTIONS * (args.warmup > 0 ? 2 : 1), {
        edited: false,
        subject: 'Bench edit',
      });
      const run = pageEdit(url, content, changeRequests, EDIT_CONNECTIONS);
      log(
        `${run.name}: ${changeRequests.length} change requests created ` +
          `(${((Date.now() - prepared) / 1000).toFixed(1)} s); ${run.what}, ${run.connections} connections, ` +
          `${args.warmup}s warm-up + ${args.seconds}s`,
      );
      http.push(await measure(run, args.seconds, args.warmup, rss, serverLoop));
      await settle(url);
    }
    if (content && wanted('merge-1000')) {
      const prepared = Date.now();
      const changeRequests = await prepareChangeRequests(url, content, MERGES.warmup + args.merges, {
        edited: true,
        subject: 'Bench merge',
      });
      log(
        `merge-1000: ${changeRequests.length} one-page change requests prepared ` +
          `(${((Date.now() - prepared) / 1000).toFixed(1)} s); merging them one at a time, ${MERGES.warmup} ` +
          `untimed first`,
      );
      await settle(url);
      const merges = await measureMerges(url, content, changeRequests, MERGES.warmup, rss, serverLoop);
      log(`merge-1000: ${merges.count} merges, p50 ${merges.p50Ms} ms, p99 ${merges.p99Ms} ms, max ${merges.maxMs} ms`);
      http.push(merges);
      await settle(url);
    }
    if (wanted('webhooks')) {
      // Issue #29: deliveries of 1,000 events to 10 subscriptions while the write scenario runs beside them.
      const besideWrite = { ...write(url, seeded, 20), what: 'PATCH /v1/orgs/{id} title (read-your-writes), beside webhook deliveries' };
      const { row, beside } = await measureWebhooks(url, seeded, () => measure(besideWrite, args.seconds, args.warmup, rss, serverLoop));
      log(`webhooks: ${row.count} deliveries in ${row.seconds} s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.failures} missing`);
      http.push(beside, row);
      await settle(url);
    }
    if (wanted('get-by-id')) {
      // Latency when the server is not saturated: 100 connections on one core is queueing (Little's law).
      const light = { ...getById(url, seeded, 10), what: 'GET /v1/orgs/{id}, 10 connections' };
      log(`get-by-id: ${light.connections} connections (latency below saturation)`);
      extra.push(await measure(light, args.seconds, 1, rss, serverLoop));
    }
    const peakRssMb = await server.stop();

    let replay: ReplayFigures = { events: 0, eventsPerSecond: 0, seconds: 0, appendSeconds: 0 };
    let lag: LagFigures = { samples: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 };
    if (wanted('engine')) {
      log('replay and lag (engine child)');
      const engine = Child.start('engine', 'engine.js', {}, profileArgs('engine'));
      await engine.ready;
      ({ replay, lag } = await engine.request<{ replay: ReplayFigures; lag: LagFigures }>({
        type: 'run',
        options: { replay: { organizations: 1000, users: 2000, members: 40, changes: 60 }, lag: { samples: 2000, warmup: 200 } },
      }));
      await engine.stop();
    }

    const report = buildReport(http, extra, replay, lag, peakRssMb, {
      ...seeded.counts,
      invites: seeded.invites,
      membersRoute: seeded.membersRoute,
      seconds: args.seconds,
      warmup: args.warmup,
      baselines: { which: args.baselines, seconds: args.baselineSeconds, warmup: args.baselineWarmup },
      ...(content
        ? { content: { pages: content.pages.length, sections: content.sections, seedSeconds: Math.round(content.seconds * 10) / 10 } }
        : {}),
    });
    console.log(printReport(report));
    const problems = report.http.filter((h) => h.failures > 0 || h.staleReads > 0);
    for (const p of problems)
      log(`WARNING ${p.name}: ${p.failures} failed requests (non-2xx, errors, timeouts), ${p.staleReads} stale reads`);
    for (const h of report.http) {
      for (const name of BASELINES) {
        const b = h.baselines?.[name];
        // A baseline that failed requests served something else than the captured bytes: its ratio means nothing.
        if (b && b.failures + b.staleReads > 0)
          log(`WARNING ${h.name}: the ${name} baseline had ${b.failures} failed requests, ${b.staleReads} stale reads`);
      }
    }
    if (args.json) {
      writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
      log(`wrote ${args.json}`);
    }
    log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
    // A write whose answer does not show it breaks read-your-writes: that fails the run.
    if (report.http.some((h) => h.staleReads > 0)) process.exitCode = 1;
  } finally {
    if (args.keep) log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    rmSync(capturesDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
