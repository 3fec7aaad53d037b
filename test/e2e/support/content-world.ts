import { inviteAll, newPerson, Person } from '../organizations/fixtures/org-members';
import { AnswerSchemas, expectDocumentedAnswer } from './answer-schemas';
import { expectGitbookSchema } from './gitbook-schema';
import { HttpResult, OWNER_TOKEN, TestApp } from './test-app';

export type { Person };

/**
 * Who calls a content route: the organization's creator (the bootstrap owner, an admin), members
 * with the edit and read roles, a guest (a member without a role), a non-member, and nobody.
 */
export type ContentCaller = 'admin' | 'editor' | 'reader' | 'guest' | 'outsider' | 'anonymous';

export interface ContentCast {
  organizationId: string;
  ownerId: string;
  editor: Person;
  reader: Person;
  guest: Person;
  outsider: Person;
  token(caller: ContentCaller): string | null;
  userId(caller: Exclude<ContentCaller, 'anonymous'>): string;
}

let seq = 0;

/**
 * A fresh organization owned by the bootstrap owner, with an editor, a reader, a guest, and an outsider who is in no organization of it.
 */
export async function contentCast(app: TestApp, tag: string): Promise<ContentCast> {
  const created = await app.post('/v1/orgs', { title: `Content ${tag}` });
  if (created.status !== 201) throw new Error(`could not create organization: ${JSON.stringify(created.body)}`);
  const organizationId: string = created.body.id;
  const n = ++seq;
  const [owner, editor, reader, guest, outsider] = await Promise.all([
    app.get('/v1/user'),
    newPerson(app, `Eddie ${tag}`, `editor-${tag}-${n}@content.test`),
    newPerson(app, `Rita ${tag}`, `reader-${tag}-${n}@content.test`),
    newPerson(app, `Gale ${tag}`, `guest-${tag}-${n}@content.test`),
    newPerson(app, `Oscar ${tag}`, `outsider-${tag}-${n}@content.test`),
  ]);
  const ownerId: string = owner.body.id;
  await inviteAll(app, organizationId, [
    { email: editor.email, role: 'edit' },
    { email: reader.email, role: 'read' },
    { email: guest.email, role: null },
  ]);
  const people = { editor, reader, guest, outsider };
  return {
    organizationId,
    ownerId,
    ...people,
    token: (caller) => (caller === 'admin' ? OWNER_TOKEN : caller === 'anonymous' ? null : people[caller].token),
    userId: (caller) => (caller === 'admin' ? ownerId : people[caller].userId),
  };
}

export const spacesOf = (organizationId: string) => `/v1/orgs/${organizationId}/spaces`;
export const spacePath = (spaceId: string) => `/v1/spaces/${spaceId}`;

/** Creates a space (as the owner unless `token`) and returns the answer's Space. */
export async function createSpace(app: TestApp, organizationId: string, body: object = {}, token?: string): Promise<any> {
  const res = await app.post(spacesOf(organizationId), body, token);
  if (res.status !== 201) throw new Error(`could not create space: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates a collection (as the owner) and returns its id. */
export async function createCollection(app: TestApp, organizationId: string, title = 'Guides'): Promise<string> {
  const res = await app.post(`/v1/orgs/${organizationId}/collections`, { title });
  if (res.status !== 201) throw new Error(`could not create collection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Gives users and teams a role in a space (as the owner). */
export async function grant(
  app: TestApp,
  spaceId: string,
  body: { role: string | null; users?: string[]; teams?: string[] },
): Promise<void> {
  const res = await app.post(`${spacePath(spaceId)}/permissions`, body);
  if (res.status !== 204) throw new Error(`could not grant: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * The answer is what the served document says the route answers and, where GitBook has a schema
 * for its items, valid under it: `gitbook` names the schema of the answer (or of each list item).
 */
export function expectValidAnswer(schemas: AnswerSchemas, method: string, template: string, res: HttpResult, gitbook?: string): void {
  expectDocumentedAnswer(schemas, method, template, res);
  if (!gitbook || res.status >= 300 || res.body === undefined) return;
  for (const item of res.body.items ?? [res.body]) expectGitbookSchema(gitbook, item);
}

/** The permissions a Space answer gives a caller with `role` (docs/content-design.md, decision 19). */
export function spacePermissions(role: 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read') {
  const rank = ['read', 'comment', 'edit', 'review', 'create', 'admin'].indexOf(role);
  return {
    view: true,
    access: true,
    admin: role === 'admin',
    viewInviteLinks: role === 'admin',
    edit: rank >= 2,
    triggerGitSync: false,
    comment: rank >= 1,
    merge: rank >= 3,
    review: rank >= 3,
    installIntegration: role === 'admin',
  };
}
