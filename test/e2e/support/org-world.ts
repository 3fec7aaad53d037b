import { orgWithPeople } from '../organizations/fixtures/org-members';
import { OWNER_TOKEN, TestApp } from './test-app';

/** Who calls: the organization's creator (an admin), a `read` member, a guest, a non-member, and nobody. */
export type CallerName = 'admin' | 'read' | 'guest' | 'outsider' | 'anonymous';
export const CALLERS: CallerName[] = ['admin', 'read', 'guest', 'outsider', 'anonymous'];

export interface OrgWorld {
  tokens: Record<CallerName, string | null>;
  /** A real value for every path parameter the API declares, by parameter name. */
  ids: Record<string, string>;
  teamId: string;
  organizationId: string;
}

async function created(app: TestApp, method: string, path: string, body: unknown): Promise<any> {
  const res = await app.request(method, path, { body });
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * One organization with an admin, a `read` member, a guest and an outsider, a team (the member in
 * it), a link invite, a SAML provider, translation settings, a collection, a space with a page and
 * a file, and a change request in it: every kind of id a route takes.
 */
export async function orgWorld(app: TestApp, tag: string): Promise<OrgWorld> {
  const people = await orgWithPeople(app, tag);
  const org = `/v1/orgs/${people.organizationId}`;
  // A webhook hearing of the space below (its delivery fails: .invalid never resolves).
  const webhook = await created(app, 'POST', `${org}/webhooks`, {
    url: 'https://hooks.example.invalid/fixture',
    events: ['space.created'],
  });
  // Independent fixtures are made side by side; only what needs another's id waits for it.
  const [team, invite, saml, translations, collection, space] = await Promise.all([
    created(app, 'PUT', `${org}/teams`, { title: `Team ${tag}`, members: [people.member.userId] }),
    created(app, 'POST', `${org}/link-invites`, { role: 'read' }),
    created(app, 'POST', `${org}/saml`, { label: 'Okta' }),
    created(app, 'POST', `${org}/translations`, { title: 'Docs', languages: ['en'] }),
    created(app, 'POST', `${org}/collections`, { title: `Collection ${tag}` }),
    created(app, 'POST', `${org}/spaces`, { title: `Space ${tag}` }),
  ]);
  const [content, sites, spec, importRun, integration, comment] = await Promise.all([
    spaceContent(app, space.id, tag),
    siteFixtures(app, org, space.id, tag),
    openAPISpec(app, org, tag),
    // An import run (content's import runs): a website that never resolves, so the run fails in the background.
    created(app, 'POST', `/v1/org/${people.organizationId}/imports`, {
      source: { type: 'website', url: 'https://docs.example.invalid/' },
      target: { space: space.id },
    }),
    // An integration the organization publishes (integrations' routes).
    created(app, 'POST', `/v1/integrations/integration-${tag.replace(/[^a-zA-Z0-9-_.]+/g, '-')}`, {
      organization: people.organizationId,
      title: `Integration ${tag}`.slice(0, 30),
      description: 'Fixture',
      script: 'export default {}',
      scopes: [],
    }),
    // A comment on the space (collaboration's routes); on change request routes it is a 404, which is fine here.
    created(app, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: `Comment ${tag}` } }),
  ]);
  const { file, live, changeRequest, review } = content;
  const { site, siteSpace, siteSection, siteSectionGroup, shareLink, siteRedirect } = sites;
  const [reply, audit, token] = await Promise.all([
    created(app, 'POST', `/v1/spaces/${space.id}/comments/${comment.id}/replies`, { body: { markdown: `Reply ${tag}` } }),
    app.get(`${org}/audit-events?limit=1`),
    pdfToken(app, space.id),
  ]);
  return {
    tokens: { admin: OWNER_TOKEN, read: people.member.token, guest: people.guest.token, outsider: people.outsider.token, anonymous: null },
    ids: {
      organizationId: people.organizationId,
      userId: people.member.userId,
      teamId: team.id,
      inviteId: invite.id,
      samlProviderId: saml.id,
      translationSettingsId: translations.id,
      auditEventId: audit.body.items[0].id,
      emailDomain: 'example.test',
      spaceId: space.id,
      collectionId: collection.id,
      changeRequestId: changeRequest.id,
      reviewId: review.id,
      revisionId: live.id,
      pageId: live.pages[0].id,
      path: live.pages[0].path,
      fileId: file.id,
      commentId: comment.id,
      token,
      commentReplyId: reply.id,
      siteId: site.id,
      siteSpaceId: siteSpace.id,
      siteSectionId: siteSection.id,
      siteSectionGroupId: siteSectionGroup.id,
      shareLinkId: shareLink.id,
      siteRedirectId: siteRedirect.id,
      specSlug: spec.slug,
      versionId: spec.versionId,
      integrationName: integration.name,
      importRunId: importRun.id,
      // An archive export of the space (archives' routes).
      exportId: (await created(app, 'POST', `/v1/spaces/${space.id}/archive-exports`, undefined)).id,
      webhookId: webhook.id,
      deliveryId: await webhookDelivery(app, org, webhook.id),
    },
    teamId: team.id,
    organizationId: people.organizationId,
  };
}

/** An OpenAPI spec from text, processed into a version (api-specs' routes). */
async function openAPISpec(app: TestApp, org: string, tag: string): Promise<{ slug: string; versionId: string }> {
  const slug = `spec-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.replace(/-+$/, '');
  await created(app, 'POST', `${org}/openapi`, {
    slug,
    source: { text: JSON.stringify({ openapi: '3.0.0', info: { title: tag, version: '1' }, paths: {} }) },
  });
  for (let i = 0; i < 400; i++) {
    const latest = await app.get(`${org}/openapi/${slug}/versions/latest`);
    if (latest.status === 200) return { slug, versionId: latest.body.id };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`OpenAPI spec ${slug} was not processed`);
}

/** The id of the webhook's first delivery, once the delivery processor has logged it. */
async function webhookDelivery(app: TestApp, org: string, webhookId: string): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const deliveries = await app.get(`${org}/webhooks/${webhookId}/deliveries`);
    if (deliveries.body.items?.length > 0) return deliveries.body.items[0].id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`webhook ${webhookId} has no delivery`);
}

/** The signed token of a PDF of the space's live content (the public download route's path parameter). */
async function pdfToken(app: TestApp, spaceId: string): Promise<string> {
  const res = await app.get(`/v1/spaces/${spaceId}/pdf`);
  if (res.status !== 200) throw new Error(`GET /v1/spaces/${spaceId}/pdf failed: ${res.status} ${JSON.stringify(res.body)}`);
  return new URL(res.body.url).pathname.split('/').pop()!;
}

/**
 * A file in the live content (merged from a first change request), so file routes have a real id;
 * then an open change request with a review.
 */
async function spaceContent(app: TestApp, spaceId: string, tag: string) {
  const space = `/v1/spaces/${spaceId}`;
  const seed = await created(app, 'POST', `${space}/change-requests`, { subject: `Seed ${tag}` });
  const upload = {
    operation: 'insert_files',
    files: [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from(tag).toString('base64') }],
  };
  const file = (await created(app, 'POST', `${space}/change-requests/${seed.id}/content?compat=false`, { changes: [upload] }))
    .insertedFiles[0];
  await created(app, 'POST', `${space}/change-requests/${seed.id}/merge`, undefined);
  const live = (await app.get(`${space}/content`)).body;
  const changeRequest = await created(app, 'POST', `${space}/change-requests`, { subject: `Change ${tag}` });
  // Its author may request changes (never approve their own).
  const review = await created(app, 'POST', `${space}/change-requests/${changeRequest.id}/reviews`, { status: 'changes-requested' });
  return { file, live, changeRequest, review };
}

/** A site showing the space, with a section, a section group, a share link and a redirect (sites' routes). */
async function siteFixtures(app: TestApp, org: string, spaceId: string, tag: string) {
  const site = await created(app, 'POST', `${org}/sites`, { title: `Site ${tag}`, spaces: [spaceId] });
  const [siteSpaces, siteSection, siteSectionGroup, shareLink, siteRedirect] = await Promise.all([
    created(app, 'GET', `${org}/sites/${site.id}/site-spaces`, undefined),
    created(app, 'POST', `${org}/sites/${site.id}/sections`, { spaceId, title: `Section ${tag}` }),
    created(app, 'POST', `${org}/sites/${site.id}/section-groups`, { title: `Group ${tag}` }),
    created(app, 'POST', `${org}/sites/${site.id}/share-links`, { name: `Link ${tag}`.slice(0, 50) }),
    created(app, 'POST', `${org}/sites/${site.id}/redirects`, {
      source: '/fixture-redirect',
      destination: { kind: 'external', url: 'https://example.com/fixture' },
    }),
  ]);
  return { site, siteSpace: siteSpaces.items[0], siteSection, siteSectionGroup, shareLink, siteRedirect };
}
