import { commentPath, editContent, newChangeRequest, postComment, repliesOf } from '../collaboration/comment-world';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { collectAll, HttpResult, TestApp } from '../support/test-app';

/**
 * Concurrent writes to one stream that do not conflict all succeed: the writer runs them one
 * after the other in the process, so none is refused for having lost a race (issue #23).
 */
describe('concurrent writes that do not conflict', () => {
  let app: TestApp;
  let cast: ContentCast;

  beforeAll(async () => {
    // An application of its own: what runs beside these writes must be only these writes, not the
    // projection backlog an earlier suite left on the worker's shared application.
    app = await TestApp.start();
    cast = await contentCast(app, 'races');
  });
  afterAll(() => app.stop());

  /** Sends every request at once; returns the answers in order. */
  const all = (requests: (() => Promise<HttpResult>)[]) => Promise.all(requests.map((send) => send()));
  /** Each answer's status, with the error's message when it is not 200 (so a failure says why). */
  const statuses = (answers: HttpResult[]) => answers.map((a) => (a.status === 200 ? 200 : `${a.status}: ${a.body?.error?.message}`));
  const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

  it('30 replies to one comment: all 200, and all 30 listed', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Replies' });
    const comment = await postComment(app, space.id, { body: { markdown: 'Reply to me' } });
    const answers = await all(times(30, (i) => () => app.post(repliesOf(space.id, comment.id), { body: { markdown: `reply ${i}` } })));
    expect(statuses(answers)).toEqual(times(30, () => 200));
    const listed = await collectAll(app, repliesOf(space.id, comment.id));
    expect(listed.map((r) => r.body.markdown).sort()).toEqual(times(30, (i) => `reply ${i}`).sort());
    expect((await app.get(commentPath(space.id, comment.id))).body.replies).toBe(30);
  });

  it('60 reactions to one comment (two people, 30 emoji each): all 200, and every one counted', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Reactions' });
    const comment = await postComment(app, space.id, { body: { markdown: 'React to me' } });
    const emoji = times(30, (i) => String.fromCodePoint(0x1f600 + i));
    const tokens = [cast.token('admin')!, cast.token('editor')!];
    const answers = await all(
      tokens.flatMap((token) => emoji.map((e) => () => app.put(commentPath(space.id, comment.id), { addedReactions: [e] }, token))),
    );
    expect(statuses(answers)).toEqual(times(60, () => 200));
    const { reactions } = (await app.get(commentPath(space.id, comment.id))).body;
    expect(new Map(reactions.map((r: any) => [r.emoji, r.count]))).toEqual(new Map(emoji.map((e) => [e, 2])));
  });

  it('50 title changes of one organization: all 200, and the title is one of them', async () => {
    const org = `/v1/orgs/${cast.organizationId}`;
    const titles = times(50, (i) => `Renamed ${i}`);
    const answers = await all(titles.map((title) => () => app.patch(org, { title })));
    expect(statuses(answers)).toEqual(times(50, () => 200));
    expect(titles).toContain((await app.get(org)).body.title);
  });

  it('50 title changes of one space: all 200, and the title is one of them', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Titles' });
    const titles = times(50, (i) => `Space ${i}`);
    const answers = await all(titles.map((title) => () => app.patch(spacePath(space.id), { title })));
    expect(statuses(answers)).toEqual(times(50, () => 200));
    expect(titles).toContain((await app.get(spacePath(space.id))).body.title);
  });

  it('20 page inserts into one change request: all 200, and all 20 pages in its content', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Pages', empty: true });
    const cr = await newChangeRequest(app, space.id);
    await editContent(app, space.id, cr.id, [{ operation: 'insert_page', title: 'First', document: { markdown: '# First' } }]);
    const titles = times(20, (i) => `Page ${i}`);
    const content = `${spacePath(space.id)}/change-requests/${cr.id}/content`;
    const answers = await all(
      titles.map(
        (title) => () => app.post(content, { changes: [{ operation: 'insert_page', title, document: { markdown: `# ${title}` } }] }),
      ),
    );
    expect(statuses(answers)).toEqual(times(20, () => 200));
    const { pages } = (await app.get(`${content}/pages`)).body;
    expect(pages.map((p: any) => p.title).sort()).toEqual(['First', ...titles].sort());
  });
});
