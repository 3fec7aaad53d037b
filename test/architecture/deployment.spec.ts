import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { minVersion, satisfies } from 'semver';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  restart?: string;
  healthcheck?: { test: string | string[] };
  volumes?: string[];
  ports?: string[];
}

/** When each Node.js LTS line stops getting security fixes (https://nodejs.org/en/about/previous-releases). */
const NODE_END_OF_LIFE: Record<number, string> = { 20: '2026-04-30', 22: '2027-04-30', 24: '2028-04-30' };
/** The image must run a Node line still supported then. */
const SUPPORTED_UNTIL = '2026-12-31';

/** The deployment files say what docs/ and the README promise (issue #14, "Deployment"). */
describe('deployment', () => {
  const compose = load(read('docker-compose.yml')) as { services: Record<string, Service> };
  const dockerfile = read('Dockerfile');
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };

  it('checks that MongoDB has a writable primary, not only that mongosh connects', () => {
    expect(String(compose.services.mongo!.healthcheck!.test)).toContain('isWritablePrimary');
  });

  it('builds the API image once and runs it with a readiness check and a restart policy, without npm install at start', () => {
    const api = compose.services.api!;
    expect(api.build).toBeDefined();
    expect(api.restart).toBe('unless-stopped');
    expect(String(api.healthcheck!.test)).toContain('/ready');
    expect(String(api.command ?? '')).not.toContain('npm install');
    // No bind mount of the source: the container never writes into the working tree.
    expect((api.volumes ?? []).filter((v) => v.startsWith('.'))).toEqual([]);
  });

  it('publishes the unauthenticated EventStoreDB and MongoDB ports on the loopback interface only', () => {
    for (const name of ['eventstore', 'mongo']) {
      const ports = compose.services[name]!.ports ?? [];
      expect(ports.length).toBeGreaterThan(0);
      for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    }
  });

  it(
    'has a multi-stage Dockerfile whose final stage runs as a non-root user, checks /ready, on a ' +
      'supported Node line package.json allows',
    () => {
      const stages = dockerfile.split('\n').filter((line) => /^FROM /.test(line));
      expect(stages.length).toBeGreaterThanOrEqual(2);
      const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
      expect(final).toMatch(/^USER (?!root)\w+/m);
      expect(final).toMatch(/^HEALTHCHECK [\s\S]*\/ready/m);
      const majors = stages.map((stage) => Number(/node:(\d+)/.exec(stage)![1]));
      expect(new Set(majors).size).toBe(1);
      const major = majors[0]!;
      expect(NODE_END_OF_LIFE[major]! > SUPPORTED_UNTIL).toBe(true);
      expect(satisfies(`${major}.0.0`, pkg.engines.node)).toBe(true);
    },
  );

  it('installs no dependency that wants a newer Node than package.json declares', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
    const oldest = minVersion(pkg.engines.node)!.version;
    const wanting = Object.entries(lock.packages)
      .filter(([, p]) => p.engines?.node !== undefined && !satisfies(oldest, p.engines.node))
      .map(([name, p]) => `${name} ${p.engines!.node}`);
    expect(wanting).toEqual([]);
  });
});
