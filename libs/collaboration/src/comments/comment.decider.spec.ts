import { RoleOrNone } from '@docs/kernel';
import { deciderSpec, recorded } from '@docs/kernel/testing';
import { commentAggregate, CommentFacts } from './comment.decider';
import { CommentEvent } from './comment.events';
import { isEmoji, normalizeEmoji } from './emoji.domain';

const comment = deciderSpec(commentAggregate);
const place = { commentId: 'c1', spaceId: 's1' };
const crPlace = { ...place, changeRequestId: 'cr1' };
const as = (actor: string, role: RoleOrNone = 'comment', extra: Partial<CommentFacts> = {}): CommentFacts => ({
  actor,
  role,
  spaceId: 's1',
  ...extra,
});

const posted = (by = 'ann') =>
  recorded<CommentEvent>({ type: 'CommentPosted', data: { ...place, revision: 'r1', markdown: 'hello' } }, { actor: by });
const replied = (replyId: string, by: string) =>
  recorded<CommentEvent>({ type: 'CommentReplyPosted', data: { ...place, replyId, markdown: 'reply' } }, { actor: by }, 1);
const reacted = (emoji: string, by: string, replyId?: string) =>
  recorded<CommentEvent>({ type: 'CommentReactionAdded', data: { ...place, ...(replyId ? { replyId } : {}), emoji } }, { actor: by }, 2);

describe('comment decider', () => {
  describe('PostComment', () => {
    const post = { type: 'PostComment' as const, commentId: 'c1', revision: 'r1', markdown: 'hello' };

    it('posts an open comment for commenters and more, in the space or in the change request', () => {
      comment
        .given([])
        .when(post, as('ann'))
        .then([{ type: 'CommentPosted', data: { ...place, revision: 'r1', markdown: 'hello' } }]);
      comment
        .given([])
        .when({ ...post, node: 'n1' }, as('ann', 'admin', { changeRequestId: 'cr1' }))
        .then([{ type: 'CommentPosted', data: { ...crPlace, revision: 'r1', node: 'n1', markdown: 'hello' } }]);
    });

    it('records the page with its body hash, and refuses a page absent from the revision naming page', () => {
      comment
        .given([])
        .when({ ...post, page: 'p1' }, as('ann', 'edit', { pageHash: 'h1' }))
        .then([{ type: 'CommentPosted', data: { ...place, revision: 'r1', page: { id: 'p1', bodyHash: 'h1' }, markdown: 'hello' } }]);
      comment
        .given([])
        .when({ ...post, page: 'p9' }, as('ann', 'edit', { pageHash: null }))
        .thenFails('invalid', /^page: no page p9 in the revision r1/);
    });

    it('refuses readers and no role with forbidden, blank or long bodies with invalid, and a second post with conflict', () => {
      comment
        .given([])
        .when(post, as('rita', 'read'))
        .thenFails('forbidden', /commenting needs the comment role/);
      comment.given([]).when(post, as('nobody', null)).thenFails('forbidden');
      comment
        .given([])
        .when({ ...post, markdown: ' \n' }, as('ann'))
        .thenFails('invalid', /body.markdown must not be empty/);
      comment
        .given([])
        .when({ ...post, markdown: 'x'.repeat(10_001) }, as('ann'))
        .thenFails('invalid', /at most 10000/);
      comment.given([posted()]).when(post, as('ann')).thenFails('conflict');
    });
  });

  describe('UpdateComment', () => {
    it('resolves an open comment and reopens a resolved one; the same state again records nothing', () => {
      comment
        .given([posted()])
        .when({ type: 'UpdateComment', resolved: true }, as('bob'))
        .then([{ type: 'CommentResolved', data: place }]);
      comment.given([posted()]).when({ type: 'UpdateComment', resolved: false }, as('bob')).thenNothing();
      const resolved = recorded<CommentEvent>({ type: 'CommentResolved', data: place }, { actor: 'bob' }, 1);
      comment.given([posted(), resolved]).when({ type: 'UpdateComment', resolved: true }, as('ann')).thenNothing();
      comment
        .given([posted(), resolved])
        .when({ type: 'UpdateComment', resolved: false }, as('ann'))
        .then([{ type: 'CommentReopened', data: place }]);
    });

    it('lets only the author edit the body, and records nothing for the same body', () => {
      comment
        .given([posted('ann')])
        .when({ type: 'UpdateComment', markdown: 'better' }, as('ann'))
        .then([{ type: 'CommentEdited', data: { ...place, markdown: 'better' } }]);
      comment
        .given([posted('ann')])
        .when({ type: 'UpdateComment', markdown: 'hello' }, as('ann'))
        .thenNothing();
      comment
        .given([posted('ann')])
        .when({ type: 'UpdateComment', markdown: 'mine now' }, as('boss', 'admin'))
        .thenFails('forbidden', /only the author/);
      comment
        .given([posted('ann')])
        .when({ type: 'UpdateComment', markdown: 'x' }, as('ann', 'read'))
        .thenFails('forbidden', /comment role/);
    });

    /** An UpdateComment changing reactions, by bob (a commenter) unless `facts` say otherwise. */
    const reacting = (events: CommentEvent[], reactions: { addedReactions?: string[]; removedReactions?: string[] }, facts = as('bob')) =>
      comment.given(events).when({ type: 'UpdateComment', ...reactions }, facts);

    it('adds a reaction once, removes only one given, and refuses non-emoji and contradictory lists', () => {
      reacting([posted()], { addedReactions: ['👍', '👍', '🎉'] }).then([
        { type: 'CommentReactionAdded', data: { ...place, emoji: '👍' } },
        { type: 'CommentReactionAdded', data: { ...place, emoji: '🎉' } },
      ]);
      reacting([posted(), reacted('👍', 'bob')], { addedReactions: ['👍'] }).thenNothing();
      reacting([posted(), reacted('👍', 'bob')], { addedReactions: ['👍'] }, as('cid')).then([
        { type: 'CommentReactionAdded', data: { ...place, emoji: '👍' } },
      ]);
      reacting([posted(), reacted('👍', 'bob')], { removedReactions: ['👍'] }, as('cid')).thenNothing();
      reacting([posted(), reacted('👍', 'bob')], { removedReactions: ['👍', '🚀'] }).then([
        { type: 'CommentReactionRemoved', data: { ...place, emoji: '👍' } },
      ]);
      reacting([posted()], { addedReactions: ['a'] }).thenFails('invalid', /addedReactions\[0\] must be an emoji/);
      reacting([posted()], { addedReactions: ['👍'], removedReactions: ['👍'] }).thenFails('invalid', /both name/);
      reacting([posted()], { addedReactions: ['👍'] }, as('rita', 'read')).thenFails('forbidden');
    });

    it('stores a text-style pictograph in its emoji form, so both forms are one reaction', () => {
      reacting([posted()], { addedReactions: ['\u2764'] }).then([
        { type: 'CommentReactionAdded', data: { ...place, emoji: '\u2764\uFE0F' } },
      ]);
      reacting([posted(), reacted('\u2764\uFE0F', 'bob')], { removedReactions: ['\u2764'] }).then([
        { type: 'CommentReactionRemoved', data: { ...place, emoji: '\u2764\uFE0F' } },
      ]);
    });

    it('finds the comment only where it lives, and never once deleted', () => {
      comment
        .given([])
        .when({ type: 'UpdateComment', resolved: true }, as('ann'))
        .thenFails('not_found', /comment not found/);
      comment
        .given([posted()])
        .when({ type: 'UpdateComment', resolved: true }, as('ann', 'comment', { changeRequestId: 'cr1' }))
        .thenFails('not_found');
      comment
        .given([posted()])
        .when({ type: 'UpdateComment', resolved: true }, as('ann', 'comment', { spaceId: 's2' }))
        .thenFails('not_found');
      const deleted = recorded<CommentEvent>({ type: 'CommentDeleted', data: { ...place, status: 'open', replyIds: [] } }, {}, 1);
      comment.given([posted(), deleted]).when({ type: 'UpdateComment', resolved: true }, as('ann')).thenFails('not_found');
    });
  });

  describe('DeleteComment', () => {
    it('lets the author or a space admin delete, naming the status it had and the replies deleted with it', () => {
      const deletedReply = recorded<CommentEvent>({ type: 'CommentReplyDeleted', data: { ...place, replyId: 'x' } }, {}, 3);
      comment
        .given([posted('ann'), replied('r1', 'bob'), replied('x', 'cid'), deletedReply])
        .when({ type: 'DeleteComment' }, as('ann'))
        .then([{ type: 'CommentDeleted', data: { ...place, status: 'open', replyIds: ['r1'] } }]);
      const resolved = recorded<CommentEvent>({ type: 'CommentResolved', data: place }, {}, 1);
      comment
        .given([posted('ann'), resolved])
        .when({ type: 'DeleteComment' }, as('boss', 'admin'))
        .then([{ type: 'CommentDeleted', data: { ...place, status: 'resolved', replyIds: [] } }]);
    });

    it('refuses anyone else, and readers even as authors', () => {
      comment
        .given([posted('ann')])
        .when({ type: 'DeleteComment' }, as('eddie', 'edit'))
        .thenFails('forbidden', /author of a comment or a space admin/);
      comment
        .given([posted('ann')])
        .when({ type: 'DeleteComment' }, as('ann', 'read'))
        .thenFails('forbidden', /comment role/);
    });
  });

  describe('replies', () => {
    it('posts, edits (author only), reacts and deletes (author or admin)', () => {
      comment
        .given([posted()])
        .when({ type: 'PostCommentReply', replyId: 'r1', markdown: 'hi' }, as('bob'))
        .then([{ type: 'CommentReplyPosted', data: { ...place, replyId: 'r1', markdown: 'hi' } }]);
      const thread = [posted('ann'), replied('r1', 'bob')];
      comment.given(thread).when({ type: 'PostCommentReply', replyId: 'r1', markdown: 'again' }, as('bob')).thenFails('conflict');
      comment
        .given(thread)
        .when({ type: 'UpdateCommentReply', replyId: 'r1', markdown: 'edited' }, as('bob'))
        .then([{ type: 'CommentReplyEdited', data: { ...place, replyId: 'r1', markdown: 'edited' } }]);
      comment
        .given(thread)
        .when({ type: 'UpdateCommentReply', replyId: 'r1', markdown: 'edited' }, as('ann'))
        .thenFails('forbidden', /only the author of a reply/);
      comment
        .given(thread)
        .when({ type: 'UpdateCommentReply', replyId: 'r1', addedReactions: ['👍'] }, as('ann'))
        .then([{ type: 'CommentReactionAdded', data: { ...place, replyId: 'r1', emoji: '👍' } }]);
      comment
        .given([...thread, reacted('👍', 'ann', 'r1')])
        .when({ type: 'UpdateCommentReply', replyId: 'r1', addedReactions: ['👍'] }, as('ann'))
        .thenNothing();
      comment
        .given(thread)
        .when({ type: 'DeleteCommentReply', replyId: 'r1' }, as('ann'))
        .thenFails('forbidden', /author of a reply or a space admin/);
      comment
        .given(thread)
        .when({ type: 'DeleteCommentReply', replyId: 'r1' }, as('boss', 'admin'))
        .then([{ type: 'CommentReplyDeleted', data: { ...place, replyId: 'r1' } }]);
      comment
        .given(thread)
        .when({ type: 'DeleteCommentReply', replyId: 'nope' }, as('bob'))
        .thenFails('not_found', /comment reply not found/);
      comment
        .given([posted()])
        .when({ type: 'PostCommentReply', replyId: 'r2', markdown: 'hi' }, as('rita', 'read'))
        .thenFails('forbidden', /replying/);
    });

    it('folds replies and reactions into the state', () => {
      const state = comment.given([posted('ann'), replied('r1', 'bob'), reacted('👍', 'cid'), reacted('🎉', 'ann', 'r1')]).state();
      expect(state.status).toBe('open');
      expect(state.postedBy).toBe('ann');
      expect([...state.reactions.get('👍')!]).toEqual(['cid']);
      expect([...state.replies.get('r1')!.reactions.get('🎉')!]).toEqual(['ann']);
    });
  });
});

describe('emoji', () => {
  it.each(['👍', '❤️', '👍🏽', '🇫🇷', '👨‍👩‍👧', '#️⃣', '🏳️‍🌈'])('takes %s', (emoji) => {
    expect(normalizeEmoji(emoji)).toBe(emoji);
  });

  it.each(['', 'a', '1', '👍👍', ':+1:', '__proto__', '👍 ', '©x'])('refuses %j', (text) => {
    expect(isEmoji(text)).toBe(false);
  });

  it('turns a text-style pictograph into its emoji form', () => {
    expect(normalizeEmoji('\u2764')).toBe('\u2764\uFE0F');
  });
});
