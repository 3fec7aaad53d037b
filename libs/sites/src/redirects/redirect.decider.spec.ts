import fc from 'fast-check';
import { deciderSpec } from '@docs/kernel/testing';
import { Role } from '@docs/kernel';
import { siteAggregate, SiteEvent, SiteFacts } from '../sites/site.decider';
import { liveChanges, RedirectFacts, startOf } from './redirect.decider';
import { siteFacts } from '../testing/site-fixtures.domain';
import { candidateSources, followFrom, matching, MAX_SITE_REDIRECTS, normalisedSource, SiteRedirectEntry } from './redirect.domain';

const site = deciderSpec(siteAggregate);
const ids = { siteId: 'st1', organizationId: 'o1' };
const BASE = 'https://docs.test';
const created: SiteEvent = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public' } };
const redirect = (id: string, source: string, to: string, extra: Partial<SiteRedirectEntry> = {}): SiteRedirectEntry => ({
  id,
  source,
  draft: false,
  captureWildcard: false,
  permanent: false,
  destination: { kind: 'external', url: to.startsWith('/') ? `${BASE}${to}` : to },
  ...extra,
});

/** The facts a command would get from a store holding `stored` (every path's candidates looked up). */
function factsFor(stored: SiteRedirectEntry[], extra: Partial<RedirectFacts> = {}): RedirectFacts {
  // The walk only asks `get`: answer every path as the store's lookup would.
  const everyPath = { get: (path: string) => stored.filter((r) => !r.draft && candidateSources(path).includes(r.source)) };
  return { count: stored.length, byId: null, live: null, draft: null, bases: [BASE], stored: everyPath as never, ...extra };
}
const as = (role: Role | null, redirects: RedirectFacts): SiteFacts => siteFacts(role, { redirects });
const create = (source: string, to: string) => ({
  type: 'CreateSiteRedirect' as const,
  redirectId: 'r-new',
  redirect: {
    source,
    draft: false,
    captureWildcard: false,
    permanent: false,
    destination: { kind: 'external' as const, url: `${BASE}${to}` },
  },
});

describe('site redirect decisions', () => {
  it('creates a redirect with its source normalised', () => {
    site
      .given([created])
      .when(create('/a%2fb/%7Ex', '/c'), as('create', factsFor([])))
      .then([{ type: 'SiteRedirectCreated', data: { ...ids, redirect: { ...redirect('r-new', '/a%2Fb/~x', '/c') } } }]);
  });

  it('refuses loops, naming them, taken sources, the cap and non-managers', () => {
    const stored = [redirect('r1', '/a', '/b')];
    site
      .given([created])
      .when(create('/b', '/a'), as('admin', factsFor(stored)))
      .thenFails('conflict', /loop: \/b -> \/a -> \/b/);
    site
      .given([created])
      .when(create('/s', '/s'), as('admin', factsFor([])))
      .thenFails('conflict', /loop/);
    site
      .given([created])
      .when(create('/a', '/z'), as('admin', factsFor(stored, { live: stored[0]! })))
      .thenFails('conflict', /already has a live redirect from \/a/);
    site
      .given([created])
      .when(create('/new', '/z'), as('admin', factsFor([], { count: MAX_SITE_REDIRECTS })))
      .thenFails('invalid', /at most 5000 redirects/);
    site
      .given([created])
      .when(create('/new', '/z'), as('edit', factsFor([])))
      .thenFails('forbidden');
  });

  it('publishes a draft over the live redirect of its source', () => {
    const live = redirect('r1', '/a', 'https://x.test/1');
    const draft = redirect('r2', '/a', 'https://x.test/2', { draft: true });
    site
      .given([created])
      .when({ type: 'PublishSiteRedirect', source: '/a' }, as('admin', factsFor([live, draft], { live, draft })))
      .then([
        { type: 'SiteRedirectDeleted', data: { ...ids, redirectId: 'r1', source: '/a', draft: false } },
        { type: 'SiteRedirectUpdated', data: { ...ids, redirect: { ...draft, draft: false } } },
      ]);
  });

  it('matches a path by its own source, else the longest wildcard', () => {
    const rs = [redirect('1', '/docs*', '/x'), redirect('2', '/docs/*', '/y'), redirect('3', '/docs/a', '/z')];
    expect(matching('/docs/a', rs)?.id).toBe('3');
    expect(matching('/docs/b', rs)?.id).toBe('2');
    expect(matching('/docsy', rs)?.id).toBe('1');
    expect(matching('/other', rs)).toBeNull();
    expect(normalisedSource('/%41%2f')).toBe('/A%2F');
  });

  it('refuses a write iff following the redirects from it comes back (generated graphs)', () => {
    const node = fc.constantFrom('/n0', '/n1', '/n2', '/n3', '/n4', '/n5');
    fc.assert(
      fc.property(fc.array(fc.tuple(node, node), { maxLength: 6 }), node, node, (edges, from, to) => {
        const graph = new Map<string, string>();
        for (const [a, b] of edges) {
          const next = new Map(graph).set(a, b);
          if (!closes(next, a)) graph.set(a, b);
        }
        const stored = [...graph].map(([a, b], i) => redirect(`r${i}`, a, b));
        const live = stored.find((r) => r.source === from) ?? null;
        const command = {
          type: 'UpsertSiteRedirect' as const,
          redirectId: 'new',
          source: from,
          draft: false,
          destination: { kind: 'external' as const, url: `${BASE}${to}` },
        };
        const facts = factsFor(stored, { live });
        const changed = liveChanges(command, facts);
        const check = followFrom(startOf(from), { stored: facts.stored, changed, bases: [BASE] });
        expect('loop' in check && check.loop !== null).toBe(closes(new Map(graph).set(from, to), from));
      }),
    );
  });
});

/** Following `graph` from `start` comes back to a node already passed. */
function closes(graph: Map<string, string>, start: string): boolean {
  const seen = new Set<string>();
  let at: string | undefined = start;
  while (at !== undefined) {
    if (seen.has(at)) return true;
    seen.add(at);
    at = graph.get(at);
  }
  return false;
}
