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
}

/** The deployment files say what docs/ and the README promise (issue #14, "Deployment"). */
describe('deployment', () => {
  const compose = load(read('docker-compose.yml')) as { services: Record<string, Service> };
  const dockerfile = read('Dockerfile');
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };

  it('checks that MongoDB has a writable primary, not only that mongosh connects', () => {
    expect(String(compose.services.mongo!.healthcheck!.test)).toContain('isWritablePrimary');
  });

  it('builds the API image once and runs it with a health check and a restart policy, without npm install at start', () => {
    const api = compose.services.api!;
    expect(api.build).toBeDefined();
    expect(api.restart).toBe('unless-stopped');
    expect(String(api.healthcheck!.test)).toContain('/health');
    expect(String(api.command ?? '')).not.toContain('npm install');
    // No bind mount of the source: the container never writes into the working tree.
    expect((api.volumes ?? []).filter((v) => v.startsWith('.'))).toEqual([]);
  });

  it('has a multi-stage Dockerfile whose final stage runs as a non-root user on the engine package.json declares', () => {
    const stages = dockerfile.split('\n').filter((line) => /^FROM /.test(line));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER (?!root)\w+/m);
    expect(final).toMatch(/^HEALTHCHECK /m);
    const major = Number(/node:(\d+)/.exec(stages[stages.length - 1]!)![1]);
    expect(pkg.engines.node).toBe(`>=${major}.19.0`);
  });

  it('installs no dependency that wants a newer Node than package.json declares', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
    const oldest = minVersion(pkg.engines.node)!.version;
    const wanting = Object.entries(lock.packages)
      .filter(([, p]) => p.engines?.node !== undefined && !satisfies(oldest, p.engines.node))
      .map(([name, p]) => `${name} ${p.engines!.node}`);
    expect(wanting).toEqual([]);
  });
});
