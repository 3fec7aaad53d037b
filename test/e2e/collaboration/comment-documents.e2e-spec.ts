import fc from 'fast-check';
import { documentToMarkdown, JSONDocument } from '@docs/content/documents';
import { documents } from '../../../libs/content/src/documents/testing/document-arbitraries';
import { gitbookDocumentErrors } from '../../../libs/content/src/documents/testing/gitbook-document-schema';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { ContentCast, contentCast, createSpace } from '../support/content-world';
import { watchingHealth } from '../support/responsiveness';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';
import { commentPath, commentsOf, newChangeRequest, postComment, postReply, replyPath, repliesOf, T, valid } from './comment-world';

/**
 * Comment and reply bodies in GitBook's two formats (docs/collaboration-design.md, "Bodies and formats"):
 * `format=document` answers GitBook's JSON document converted from the stored markdown, and a body
 * may be sent as `{ document }`, stored as markdown. Every answer is checked against the served
 * document and GitBook's schemas (Comment, CommentReply, List).
 */

const paragraph = (...leaves: Array<{ text: string; marks?: string[] }>) => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: [
    {
      object: 'text',
      leaves: leaves.map(({ text, marks = [] }) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) })),
    },
  ],
});
const doc = (...nodes: object[]) => ({ object: 'document', data: {}, nodes });

/** A document with a heading, a paragraph with marks and a link, a task list and a hint. */
const RICH = doc(
  { object: 'block', type: 'heading-2', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Review', marks: [] }] }] },
  {
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: [
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'Looks ', marks: [] },
          { object: 'leaf', text: 'good', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: ', see ', marks: [] },
        ],
      },
      {
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'url', url: 'https://example.com/x' } },
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'this', marks: [] }] }],
      },
      { object: 'text', leaves: [{ object: 'leaf', text: '.', marks: [] }] },
    ],
  },
  {
    object: 'block',
    type: 'list-tasks',
    data: {},
    nodes: [
      { object: 'block', type: 'list-item', data: { checked: true }, nodes: [paragraph({ text: 'typos' })] },
      { object: 'block', type: 'list-item', data: { checked: false }, nodes: [paragraph({ text: 'links' })] },
    ],
  },
  {
    object: 'block',
    type: 'hint',
    data: { style: 'warning' },
    nodes: [paragraph({ text: 'Merge ', marks: [] }, { text: 'after', marks: ['italic'] }, { text: ' Friday' })],
  },
);
const RICH_MARKDOWN = [
  '## Review',
  '',
  'Looks **good**, see [this](https://example.com/x).',
  '',
  '- [x] typos',
  '- [ ] links',
  '',
  '{% hint style="warning" %}',
  'Merge _after_ Friday',
  '{% endhint %}',
].join('\n');

/** Every leaf's text in reading order (a table's cells row by row, as markdown writes them). */
function textOf(node: any): string {
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node === null || typeof node !== 'object') return '';
  if (node.object === 'leaf') return node.text;
  if (node.type === 'table') {
    const cells = new Map<string, unknown>(node.fragments.map((fragment: any) => [fragment.fragment, fragment.nodes]));
    const rows = Object.values<any>(node.data.records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : 1));
    return rows.map((row) => node.data.view.columns.map((column: string) => textOf(cells.get(row.values[column]))).join('')).join('');
  }
  return textOf(node.nodes ?? node.leaves ?? []);
}

describe('comment bodies as GitBook documents', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let space: any;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'comment-documents');
    space = await createSpace(app, cast.organizationId, { title: 'Documents' });
  });

  /** A list answer: the served document's, GitBook's `List` envelope, and each item GitBook's `schema`. */
  function validList(template: string, res: HttpResult, schema: string): void {
    valid(schemas, 'GET', template, res, schema);
    expectGitbookSchema('List', res.body);
  }

  describe('format=document on reads (getComment, listComments, getCommentReply, listCommentReplies)', () => {
    it('answers { document } converted from the stored markdown, valid under GitBook Comment, CommentReply and List', async () => {
      const comment = await postComment(app, space.id, { body: { markdown: RICH_MARKDOWN } });
      const reply = await postReply(app, space.id, comment.id, 'Thanks **a lot**');

      const got = await app.get(`${commentPath(space.id, comment.id)}?format=document`);
      expect(got.status).toBe(200);
      valid(schemas, 'GET', T.comment, got, 'Comment');
      expect(got.body.body).toEqual({ document: RICH });

      const list = await app.get(`${commentsOf(space.id)}?format=document`);
      expect(list.status).toBe(200);
      validList(T.comments, list, 'Comment');
      expect(list.body.items.find((c: any) => c.id === comment.id).body).toEqual({ document: RICH });

      const gotReply = await app.get(`${replyPath(space.id, comment.id, reply.id)}?format=document`);
      valid(schemas, 'GET', T.reply, gotReply, 'CommentReply');
      expect(gotReply.body.body).toEqual({ document: doc(paragraph({ text: 'Thanks ' }, { text: 'a lot', marks: ['bold'] })) });

      const replies = await app.get(`${repliesOf(space.id, comment.id)}?format=document`);
      validList(T.replies, replies, 'CommentReply');
      expect(replies.body.items.map((r: any) => r.body)).toEqual([gotReply.body.body]);

      // markdown, and no format, answer the markdown as it was posted; nothing else differs.
      for (const query of ['', '?format=markdown']) {
        const res = await app.get(`${commentPath(space.id, comment.id)}${query}`);
        valid(schemas, 'GET', T.comment, res, 'Comment');
        expect(res.body).toEqual({ ...got.body, body: { markdown: RICH_MARKDOWN } });
      }
    });

    it('answers a page of comments whose bodies take a work thread (over 2 KiB of markdown) in document form, page by page', async () => {
      const listed = await createSpace(app, cast.organizationId, { title: 'Many documents' });
      const bodies = Array.from({ length: 12 }, (_, i) => `Comment ${i}: ${'**word** _other_ '.repeat(30)}`);
      for (const markdown of bodies) await postComment(app, listed.id, { body: { markdown } });
      const items = await collectAll(app, `${commentsOf(listed.id)}?format=document&order=asc&limit=5`);
      expect(items.map((item) => textOf(item.body.document))).toEqual(bodies.map((markdown) => markdown.replace(/[*_]/g, '').trimEnd()));
      for (const item of items) expectGitbookSchema('Comment', item);
    });

    it('answers a reply posted on a change request with format=document (GitBook declares format there)', async () => {
      const cr = await newChangeRequest(app, space.id, 'Replies as documents');
      const comment = await postComment(app, space.id, { body: { markdown: 'On the change' } }, { cr: cr.id });
      const res = await app.post(`${repliesOf(space.id, comment.id, cr.id)}?format=document`, { body: { markdown: 'Agreed, `ship` it' } });
      expect(res.status).toBe(200);
      valid(schemas, 'POST', T.crReplies, res, 'CommentReply');
      expect(res.body.body).toEqual({ document: doc(paragraph({ text: 'Agreed, ' }, { text: 'ship', marks: ['code'] }, { text: ' it' })) });
      // The space's own replies route declares no format, as GitBook's does not.
      expectError(
        await app.post(`${repliesOf(space.id, comment.id, cr.id)}?format=pdf`, { body: { markdown: 'x' } }),
        400,
        /format must be one of markdown, document/,
      );
      expectError(
        await app.post(`${repliesOf(space.id, (await postComment(app, space.id, { body: { markdown: 'x' } })).id)}?format=document`, {
          body: { markdown: 'x' },
        }),
        400,
        /query parameter format should not exist/,
      );
    });
  });

  describe('{ document } bodies on posts and updates', () => {
    it('stores a posted document as markdown, and answers it back as the same document', async () => {
      const res = await app.post(commentsOf(space.id), { body: { document: RICH } });
      expect(res.status).toBe(200);
      valid(schemas, 'POST', T.comments, res, 'Comment');
      expect(res.body.body).toEqual({ markdown: RICH_MARKDOWN });
      const back = await app.get(`${commentPath(space.id, res.body.id)}?format=document`);
      expect(back.body.body).toEqual({ document: RICH });
    });

    it('takes documents on replies and on updates of comments and replies', async () => {
      const comment = await postComment(app, space.id, { body: { markdown: 'first' } });
      const reply = await app.post(repliesOf(space.id, comment.id), {
        body: { document: doc(paragraph({ text: 'a ' }, { text: 'reply', marks: ['strikethrough'] })) },
      });
      expect(reply.status).toBe(200);
      valid(schemas, 'POST', T.replies, reply, 'CommentReply');
      expect(reply.body.body).toEqual({ markdown: 'a ~~reply~~' });

      const edited = await app.put(commentPath(space.id, comment.id), { body: { document: doc(paragraph({ text: 'second' })) } });
      expect(edited.status).toBe(200);
      valid(schemas, 'PUT', T.comment, edited, 'Comment');
      expect(edited.body.body).toEqual({ markdown: 'second' });
      expect(edited.body.editedAt).toEqual(expect.any(String));

      const editedReply = await app.put(replyPath(space.id, comment.id, reply.body.id), {
        body: { document: doc(paragraph({ text: 'changed', marks: ['italic'] })) },
      });
      expect(editedReply.status).toBe(200);
      valid(schemas, 'PUT', T.reply, editedReply, 'CommentReply');
      expect(editedReply.body.body).toEqual({ markdown: '_changed_' });
    });

    const unknownBlock = doc({ object: 'block', type: 'marquee', data: {}, nodes: [] });
    it.each([
      ['an unknown block', { document: unknownBlock }, /^body\.document\.nodes\[0\]: .*marquee/],
      [
        'a block where GitBook allows none',
        {
          document: doc({
            object: 'block',
            type: 'hint',
            data: { style: 'info' },
            nodes: [{ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [paragraph({ text: 'x' })] }],
          }),
        },
        /^body\.document\.nodes\[0\]\.nodes\[0\]: /,
      ],
      [
        'a mark GitBook does not have',
        { document: doc(paragraph({ text: 'x', marks: ['blink'] })) },
        /^body\.document\.nodes\[0\]\.nodes\[0\]\.leaves\[0\]\.marks\[0\]/,
      ],
      ['no nodes array', { document: { object: 'document', data: {} } }, /^body\.document\.nodes: must be an array of blocks$/],
      ['null', { document: null }, /^body\.document must be a GitBook JSON document/],
      ['a string', { document: 'hello' }, /^body\.document must be a GitBook JSON document/],
      ['an array', { document: [RICH] }, /^body\.document must be a GitBook JSON document/],
      ['markdown and document', { markdown: 'x', document: RICH }, /^body: send markdown or document, not both$/],
      [
        'a document with no text',
        { document: doc(paragraph({ text: '' })) },
        /^body\.document: must have text \(a document of no text is an empty comment\)$/,
      ],
      [
        'a document longer than a comment as markdown',
        { document: doc(paragraph({ text: '*'.repeat(6_000) })) },
        /^body\.document is 12000 characters as markdown: a comment is at most 10000$/,
      ],
      [
        'more text than a comment',
        { document: doc(paragraph({ text: 'x'.repeat(10_001) })) },
        /^body\.document.*more than 10000 characters/,
      ],
    ])('refuses %s with a 400 naming where, on every route that takes a body', async (_name, body, message) => {
      const target = await postComment(app, space.id, { body: { markdown: 'target' } });
      const reply = await postReply(app, space.id, target.id, 'reply');
      expectError(await app.post(commentsOf(space.id), { body }), 400, message);
      expectError(await app.put(commentPath(space.id, target.id), { body }), 400, message);
      expectError(await app.post(repliesOf(space.id, target.id), { body }), 400, message);
      expectError(await app.put(replyPath(space.id, target.id, reply.id), { body }), 400, message);
      expect((await app.get(commentPath(space.id, target.id))).body.body).toEqual({ markdown: 'target' });
      expect((await app.get(replyPath(space.id, target.id, reply.id))).body.body).toEqual({ markdown: 'reply' });
    });
  });

  describe('bounded work', () => {
    it('refuses hostile documents with a clear 400 and takes a large valid one, /health answering throughout', async () => {
      const hostile: Array<[object, number, RegExp | undefined]> = [
        // 100,000 nodes that are not blocks: walked up to the bound (50,000 nodes), the first errors named.
        [
          { document: { object: 'document', data: {}, nodes: Array(100_000).fill(0) } },
          400,
          /^body\.document\.nodes\[0\]: must be an object; /,
        ],
        // A leaf of 100,000 characters.
        [
          { document: doc(paragraph({ text: 'x'.repeat(100_000) })) },
          400,
          /^body\.document\.nodes\[0\]\.nodes\[0\]\.leaves\[0\]\.text: the document holds more than 10000 characters of text$/,
        ],
        // Lists in lists past the JSON body's nesting bound.
        [
          {
            document: doc(
              Array.from({ length: 40 }).reduce<object>(
                (inner) => ({
                  object: 'block',
                  type: 'list-unordered',
                  data: {},
                  nodes: [{ object: 'block', type: 'list-item', data: {}, nodes: [inner] }],
                }),
                paragraph({ text: 'deep' }),
              ),
            ),
          },
          400,
          /JSON nested deeper than 32 levels/,
        ],
        // 3,000 paragraphs of one escaped character: within the bounds, converted in a work thread, too long as markdown.
        [
          { document: doc(...Array.from({ length: 3_000 }, () => paragraph({ text: '*' }))) },
          400,
          /^body\.document is 11998 characters as markdown: a comment is at most 10000$/,
        ],
        // 2,000 paragraphs (8,000 nodes): converted in a work thread, and taken.
        [{ document: doc(...Array.from({ length: 2_000 }, () => paragraph({ text: 'a' }))) }, 200, undefined],
      ];
      const watched = await watchingHealth(app.url, async () => {
        const answers: HttpResult[] = [];
        for (const [body] of hostile) answers.push(await app.post(commentsOf(space.id), { body }));
        return answers;
      });
      watched.result.forEach((res, i) => {
        const [, status, message] = hostile[i]!;
        if (status === 200) expect(res.body.body.markdown).toBe(Array(2_000).fill('a').join('\n\n'));
        else expectError(res, status, message);
      });
      expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
      // Seconds on a quiet machine would already be a regression: this bounds a hang, not the speed.
      expect(watched.elapsedMs).toBeLessThan(60_000 * watched.loadFactor);
    });

    it('answers 422 rather than convert over 512 Ki characters of markdown, or answer over 4 MiB of documents', async () => {
      const crowded = await createSpace(app, cast.organizationId, { title: 'Crowded' });
      // Unclosed hints, the slowest markdown to convert: 53 comments of 10,000 characters, 530,000 in all.
      const body = '{% hint %}\n'.repeat(909).padEnd(10_000, 'x');
      for (let i = 0; i < 53; i++) await postComment(app, crowded.id, { body: { markdown: body } });
      expectError(
        await app.get(`${commentsOf(crowded.id)}?format=document&limit=60`),
        422,
        new RegExp(
          '^format=document: these bodies hold 530000 characters of markdown, more than the 524288 one answer converts; ' +
            'ask for fewer \\(limit\\) or for markdown$',
        ),
      );
      // Some 120 KB of JSON a body: 50 of them are more than 4 MiB (found in a work thread, which answers only the length).
      expectError(
        await app.get(`${commentsOf(crowded.id)}?format=document&limit=50`),
        422,
        /^format=document: these bodies are \d+ characters as JSON documents, more than the 4194304 one answer carries; ask for fewer/,
      );
      // 20 of them: converted in a work thread, 2.4 MB of JSON read and written on the event loop.
      const watched = await watchingHealth(app.url, () => app.get(`${commentsOf(crowded.id)}?format=document&limit=20`));
      expect(watched.result.status).toBe(200);
      expect(watched.result.body.items).toHaveLength(20);
      expectGitbookSchema('Comment', watched.result.body.items[0]);
      expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
      // In markdown, the whole list in one page.
      expect((await app.get(`${commentsOf(crowded.id)}?limit=60`)).body.items).toHaveLength(53);
    });
  });

  describe('property: any document posted as a comment answers back with the same text', () => {
    it('keeps the text of generated GitBook documents (format=document), each answer valid under GitBook JSONDocument', async () => {
      await fc.assert(
        fc.asyncProperty(documents(2), async (generated: JSONDocument) => {
          const markdown = documentToMarkdown(generated).trim();
          // A comment needs some text, and at most 10,000 characters of it (both refused above).
          fc.pre(markdown !== '' && markdown.length <= 10_000);
          const posted = await app.post(commentsOf(space.id), { body: { document: generated } });
          expect(posted.status).toBe(200);
          const back = await app.get(`${commentPath(space.id, posted.body.id)}?format=document`);
          expect(back.status).toBe(200);
          // GitBook's JSONDocument schema, compiled without allErrors: Ajv weighing every branch of its nested
          // oneOfs (as expectGitbookSchema's compilation does) takes a second or two per generated document.
          expect(gitbookDocumentErrors(back.body.body.document)).toEqual([]);
          expect(textOf(back.body.body.document)).toBe(textOf(generated));
        }),
        { numRuns: 100 },
      );
    });
  });
});
