import fc from 'fast-check';
import { appTarget } from './app-routes';
import { appPrefix } from './app-redirects';

describe('appTarget: an application path to where it can be read', () => {
  it.each([
    ['o/org1', '/v1/orgs/org1'],
    ['o/org1/c/col1', '/v1/collections/col1'],
    ['o/org1/sites/site1/preview', '/v1/orgs/org1/sites/site1/published'],
    ['o/org1/openapi/petstore', '/v1/orgs/org1/openapi/petstore'],
    ['o/org1/integrations/my%20app', '/v1/integrations/my%20app'],
    ['integrations/my-app', '/v1/integrations/my-app'],
    ['s/sp1', '/v1/spaces/sp1'],
    ['s/sp1/guide/install', '/v1/spaces/sp1/content/path/guide/install'],
    ['s/sp1/~/changes/cr1', '/v1/spaces/sp1/change-requests/cr1'],
    ['s/sp1/~/changes/cr1/guide', '/v1/spaces/sp1/change-requests/cr1/content/path/guide'],
    ['s/sp1/~/revisions/r1', '/v1/spaces/sp1/revisions/r1'],
    ['s/sp1/~/revisions/r1/guide', '/v1/spaces/sp1/revisions/r1/path/guide'],
  ])('%s -> %s', (path, target) => {
    expect(appTarget(path.split('/'))).toEqual({ kind: 'api', path: target });
  });

  it('names a site, with its API path for when its pages may not stand in', () => {
    expect(appTarget(['o', 'org1', 'sites', 'site1'])).toEqual({
      kind: 'site',
      organizationId: 'org1',
      siteId: 'site1',
      apiPath: '/v1/orgs/org1/sites/site1',
    });
  });

  it.each([
    '',
    'x/y',
    's',
    's//x',
    's/sp1/~/nothing/x',
    's/sp1/~/changes',
    'o/org1/zz/1',
    'o/org1/c/1/2',
    's/%2e%2e/x',
    's/..',
    's/%zz',
    'o/a/sites/b/other',
  ])('names nothing at %j', (path) => expect(appTarget(path.split('/'))).toBeNull());

  it('always targets a path of this server under /v1/ without dot segments, whatever the segments', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('s', 'o', '~', 'changes', 'revisions', 'sites', 'c', '..', '%2E', '.', ''), fc.string()), {
          maxLength: 6,
        }),
        (segments) => {
          const target = appTarget(segments);
          if (target === null) return;
          const path = target.kind === 'api' ? target.path : target.apiPath;
          expect(path.startsWith('/v1/')).toBe(true);
          const resolved = new URL(path, 'http://api.test');
          expect(resolved.origin).toBe('http://api.test');
          expect(resolved.pathname.startsWith('/v1/')).toBe(true);
          expect(resolved.pathname.split('/').length).toBe(path.split('?')[0]!.split('#')[0]!.split('/').length);
        },
      ),
    );
  });
});

describe('appPrefix: where this server answers urls.app', () => {
  it('is APP_URL’s path on PUBLIC_URL’s origin, else nowhere', () => {
    expect(appPrefix({ publicUrl: 'http://api.test', appUrl: 'http://api.test/app' })).toBe('/app');
    expect(appPrefix({ publicUrl: 'http://api.test', appUrl: 'http://api.test/editor/' })).toBe('/editor');
    expect(appPrefix({ publicUrl: 'http://api.test', appUrl: 'https://app.example.com' })).toBeNull();
    expect(appPrefix({ publicUrl: 'http://api.test', appUrl: 'http://api.test' })).toBeNull();
  });
});
