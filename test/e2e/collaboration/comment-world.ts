import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { HttpResult, TestApp } from '../support/test-app';

/** Route templates of the served document (answers are checked against them). */
export const T = {
  comments: '/v1/spaces/{spaceId}/comments',
  comment: '/v1/spaces/{spaceId}/comments/{commentId}',
  replies: '/v1/spaces/{spaceId}/comments/{commentId}/replies',
  reply: '/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
  commenters: '/v1/spaces/{spaceId}/commenters',
  crComments: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
  crComment: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
  crReplies: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
  crReply: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
  crCommenters: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
};

/** The comments of a space (`cr` absent) or of one of its change requests (an id or a number). */
export const commentsOf = (spaceId: string, cr?: string | number) =>
  cr === undefined ? `${spacePath(spaceId)}/comments` : `${spacePath(spaceId)}/change-requests/${cr}/comments`;
export const commentPath = (spaceId: string, commentId: string, cr?: string | number) => `${commentsOf(spaceId, cr)}/${commentId}`;
export const repliesOf = (spaceId: string, commentId: string, cr?: string | number) => `${commentPath(spaceId, commentId, cr)}/replies`;
export const replyPath = (spaceId: string, commentId: string, replyId: string, cr?: string | number) =>
  `${repliesOf(spaceId, commentId, cr)}/${replyId}`;
export const commentersOf = (spaceId: string, cr?: string | number) =>
  cr === undefined ? `${spacePath(spaceId)}/commenters` : `${spacePath(spaceId)}/change-requests/${cr}/commenters`;

/** The answer is what the served document says, and valid under GitBook's schema `gitbook` (each item of a list). */
export const valid = (schemas: AnswerSchemas, method: string, template: string, res: HttpResult, gitbook?: string) =>
  expectValidAnswer(schemas, method, template, res, gitbook);

/** Posts a comment (as the owner unless `token`) and returns the Comment. */
export async function postComment(
  app: TestApp,
  spaceId: string,
  body: object,
  options: { token?: string | null; cr?: string | number } = {},
): Promise<any> {
  const res = await app.post(commentsOf(spaceId, options.cr), body, options.token ?? undefined);
  if (res.status !== 200) throw new Error(`could not post comment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function postReply(
  app: TestApp,
  spaceId: string,
  commentId: string,
  markdown: string,
  options: { token?: string | null; cr?: string | number } = {},
): Promise<any> {
  const res = await app.post(repliesOf(spaceId, commentId, options.cr), { body: { markdown } }, options.token ?? undefined);
  if (res.status !== 200) throw new Error(`could not post reply: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newChangeRequest(app: TestApp, spaceId: string, subject = 'Edits'): Promise<any> {
  const res = await app.post(`${spacePath(spaceId)}/change-requests`, { subject });
  if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Applies page edits to a change request (as the owner); answers GitBook's ChangeRequestContentUpdate. */
export async function editContent(app: TestApp, spaceId: string, cr: string, changes: object[]): Promise<any> {
  const res = await app.post(`${spacePath(spaceId)}/change-requests/${cr}/content?compat=false`, { changes });
  if (res.status !== 200) throw new Error(`edit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function merge(app: TestApp, spaceId: string, cr: string): Promise<void> {
  const res = await app.post(`${spacePath(spaceId)}/change-requests/${cr}/merge`);
  if (res.status !== 200) throw new Error(`merge failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A space whose live content holds pages with these titles (merged from a change request), with their ids. */
export async function spaceWithPages(
  app: TestApp,
  cast: ContentCast,
  titles: string[],
  title = 'Commented',
): Promise<{ space: any; pages: string[] }> {
  const created = await createSpace(app, cast.organizationId, { title, empty: true });
  const cr = await newChangeRequest(app, created.id, 'Seed');
  const answer = await editContent(
    app,
    created.id,
    cr.id,
    titles.map((t) => ({ operation: 'insert_page', title: t, document: { markdown: `# ${t}\n\nFirst version.` } })),
  );
  await merge(app, created.id, cr.id);
  const space = (await app.get(spacePath(created.id))).body;
  return { space, pages: answer.changes.map((c: any) => c.page.id) };
}

/** Lets the cast's guest comment on the space: the "commenter" of the permission matrix. */
export const letGuestComment = (app: TestApp, cast: ContentCast, spaceId: string) =>
  grant(app, spaceId, { role: 'comment', users: [cast.guest.userId] });
