import { projectionSpecPerTest } from '@docs/platform/testing';
import { CONTENT_CONTEXT_PROJECTIONS } from '@docs/content';
import { spaceCreated } from '@docs/content/testing';
import { CommentEvent } from './comment.events';

/**
 * The content context's projections count open comments from this context's published events
 * (docs/collaboration-design.md, "Counters"): the space's own on the space, a change request's on
 * the change request. Read through the collections' logical names: the documents are content's.
 */
const projection = (name: string) => CONTENT_CONTEXT_PROJECTIONS.find((p) => p.name === name)!;
const at = (occurredAt: string) => ({ occurredAt });
/** The counted fields of a content document (a space or a change request). */
type Counted = { comments: number; updatedAt: string };
const T1 = '2026-01-01T00:00:00.000Z';
const place = (commentId: string, changeRequestId?: string) => ({
  commentId,
  spaceId: 's1',
  ...(changeRequestId ? { changeRequestId } : {}),
});
const posted = (commentId: string, changeRequestId?: string): CommentEvent => ({
  type: 'CommentPosted',
  data: { ...place(commentId, changeRequestId), revision: 'r1', markdown: 'x' },
});

describe('open comment counters (content projections following collaboration events)', () => {
  describe('spaces', () => {
    const spec = projectionSpecPerTest(projection('spaces'));

    it('counts the open comments of the space itself through post, resolve, reopen and delete', async () => {
      await spec.given([{ ...spaceCreated({ revisionId: 'r1' }), metadata: at(T1) }]);
      const comments = async () => ((await spec.readModels.get('spaces', 's1')) as unknown as Counted | null)?.comments;
      const before = await spec.readModels.get('spaces', 's1');
      expect(before).toMatchObject({ comments: 0 });
      await spec.given([posted('a'), posted('b'), posted('x', 'cr1')].map((e) => ({ ...e, metadata: at(T1) })));
      expect(await comments()).toBe(2);
      await spec.given([
        { type: 'CommentResolved', data: place('a') },
        { type: 'CommentResolved', data: place('x', 'cr1') },
      ]);
      expect(await comments()).toBe(1);
      await spec.given([{ type: 'CommentDeleted', data: { ...place('a'), status: 'resolved', replyIds: [] } }]);
      expect(await comments()).toBe(1);
      await spec.given([{ type: 'CommentResolved', data: place('b') }]);
      expect(await comments()).toBe(0);
      await spec.given([{ type: 'CommentReopened', data: place('b') }]);
      expect(await comments()).toBe(1);
      await spec.given([{ type: 'CommentDeleted', data: { ...place('b'), status: 'open', replyIds: [] } }]);
      expect(await comments()).toBe(0);
      expect((await spec.readModels.get('spaces', 's1'))!.updatedAt).toBe((before as unknown as Counted).updatedAt);
    });
  });

  describe('change requests', () => {
    const spec = projectionSpecPerTest(projection('change_requests'));

    it("counts the open comments of each change request, and ignores the space's own", async () => {
      await spec.given([
        {
          type: 'ChangeRequestCreated',
          data: { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1', number: 1, subject: '', revisionInitial: 'r1' },
          metadata: at(T1),
        },
      ]);
      const comments = async () => ((await spec.readModels.get('change_requests', 'cr1')) as unknown as Counted).comments;
      await spec.given([posted('a', 'cr1'), posted('b', 'cr1'), posted('s')]);
      expect(await comments()).toBe(2);
      await spec.given([
        { type: 'CommentResolved', data: place('a', 'cr1') },
        { type: 'CommentReopened', data: place('a', 'cr1') },
        { type: 'CommentResolved', data: place('b', 'cr1') },
      ]);
      expect(await comments()).toBe(1);
      await spec.given([{ type: 'CommentDeleted', data: { ...place('a', 'cr1'), status: 'open', replyIds: [] } }]);
      expect(await comments()).toBe(0);
      expect((await spec.readModels.get('change_requests', 'cr1'))!.updatedAt).toBe(T1);
    });
  });
});
