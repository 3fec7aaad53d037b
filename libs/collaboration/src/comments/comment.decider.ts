import { Aggregate, forbidden, invalid, notFound, conflict, Recorded, RoleOrNone, withEntry } from '@docs/kernel';
import { CommentEvent, CommentPlace, CommentStatus } from './comment.events';
import { normalizeEmoji } from './emoji.domain';
import { commentPermissions, mayComment } from './comments.policy';
import { MAX_COMMENT_MARKDOWN } from './comment-limits.domain';

// In a file of its own, with no import, so that work threads load it alone (comment-documents.task.ts).
export { MAX_COMMENT_MARKDOWN };

/** Who reacted with each emoji: emoji → user ids. Never a plain object: emoji come from requests. */
export type Reactions = ReadonlyMap<string, ReadonlySet<string>>;

export interface ReplyState {
  postedBy: string;
  markdown: string;
  reactions: Reactions;
}

/**
 * A comment and its replies, in one stream (`comment-<commentId>`): the replies belong to the
 * comment (deleting it deletes them, in one append), and a thread is small.
 */
export interface CommentState {
  status: 'none' | CommentStatus | 'deleted';
  place: CommentPlace;
  postedBy: string;
  markdown: string;
  reactions: Reactions;
  /** The replies not deleted, by id. */
  replies: ReadonlyMap<string, ReplyState>;
}

/**
 * What a decision needs from outside the stream: the caller and their effective role in the space,
 * where the request is (the space, and the change request for change request routes: a comment of
 * another place is not found there), and, when posting on a page, the SHA-256 of the page's markdown
 * in the target revision (null: the page is not in it).
 */
export interface CommentFacts {
  actor: string;
  role: RoleOrNone;
  spaceId: string;
  changeRequestId?: string;
  pageHash?: string | null;
}

/** Reactions to add and take back; an emoji in both lists is refused. */
export interface ReactionChanges {
  addedReactions?: string[];
  removedReactions?: string[];
}

export type CommentCommand =
  | { type: 'PostComment'; commentId: string; revision: string; node?: string; page?: string; markdown: string }
  | ({ type: 'UpdateComment'; resolved?: boolean; markdown?: string } & ReactionChanges)
  | { type: 'DeleteComment' }
  | { type: 'PostCommentReply'; replyId: string; markdown: string }
  | ({ type: 'UpdateCommentReply'; replyId: string; markdown?: string } & ReactionChanges)
  | { type: 'DeleteCommentReply'; replyId: string };

const NO_REACTIONS: Reactions = new Map();

export function initialCommentState(): CommentState {
  return { status: 'none', place: { commentId: '', spaceId: '' }, postedBy: '', markdown: '', reactions: NO_REACTIONS, replies: new Map() };
}

function react(reactions: Reactions, emoji: string, userId: string, add: boolean): Reactions {
  const users = new Set(reactions.get(emoji) ?? []);
  if (add) users.add(userId);
  else users.delete(userId);
  return withEntry(reactions, emoji, users.size > 0 ? users : undefined);
}

function updateReply(state: CommentState, replyId: string, change: (reply: ReplyState) => ReplyState): CommentState {
  const reply = state.replies.get(replyId);
  return reply ? { ...state, replies: withEntry(state.replies, replyId, change(reply)) } : state;
}

export function evolveComment(state: CommentState, event: Recorded<CommentEvent>): CommentState {
  const actor = event.metadata.actor;
  switch (event.type) {
    case 'CommentPosted': {
      const { commentId, spaceId, changeRequestId, markdown } = event.data;
      const place: CommentPlace = changeRequestId === undefined ? { commentId, spaceId } : { commentId, spaceId, changeRequestId };
      return { ...initialCommentState(), status: 'open', place, postedBy: actor, markdown };
    }
    case 'CommentEdited':
      return { ...state, markdown: event.data.markdown };
    case 'CommentResolved':
      return { ...state, status: 'resolved' };
    case 'CommentReopened':
      return { ...state, status: 'open' };
    case 'CommentDeleted':
      return { ...state, status: 'deleted', replies: new Map() };
    case 'CommentReplyPosted':
      return {
        ...state,
        replies: withEntry(state.replies, event.data.replyId, { postedBy: actor, markdown: event.data.markdown, reactions: NO_REACTIONS }),
      };
    case 'CommentReplyEdited':
      return updateReply(state, event.data.replyId, (reply) => ({ ...reply, markdown: event.data.markdown }));
    case 'CommentReplyDeleted':
      return { ...state, replies: withEntry(state.replies, event.data.replyId, undefined) };
    case 'CommentReactionAdded':
    case 'CommentReactionRemoved': {
      const add = event.type === 'CommentReactionAdded';
      const { replyId, emoji } = event.data;
      if (replyId === undefined) return { ...state, reactions: react(state.reactions, emoji, actor, add) };
      return updateReply(state, replyId, (reply) => ({ ...reply, reactions: react(reply.reactions, emoji, actor, add) }));
    }
  }
}

function requireCommenter(facts: CommentFacts, action: string): void {
  if (!mayComment(facts.role)) throw forbidden(`${action} needs the comment role or more in the space`);
}

function validMarkdown(markdown: string, field: string): string {
  if (markdown.trim().length === 0) throw invalid(`${field}.markdown must not be empty`);
  if (markdown.length > MAX_COMMENT_MARKDOWN) throw invalid(`${field}.markdown must be at most ${MAX_COMMENT_MARKDOWN} characters`);
  return markdown;
}

/** The emoji of a list, normalized and each once; anything that is not one emoji is refused, naming the list. */
function emojiOf(list: readonly string[] | undefined, field: string): string[] {
  const out: string[] = [];
  (list ?? []).forEach((text, i) => {
    const emoji = normalizeEmoji(text);
    if (emoji === null) throw invalid(`${field}[${i}] must be an emoji`);
    if (!out.includes(emoji)) out.push(emoji);
  });
  return out;
}

/**
 * The reactions the caller adds and takes back: adding one they gave already, or taking back one
 * they never gave, records nothing (so no count ever goes below zero).
 */
function reactionEvents(
  reactions: Reactions,
  changes: ReactionChanges,
  facts: CommentFacts,
  place: CommentPlace,
  replyId?: string,
): CommentEvent[] {
  const added = emojiOf(changes.addedReactions, 'addedReactions');
  const removed = emojiOf(changes.removedReactions, 'removedReactions');
  const both = added.find((emoji) => removed.includes(emoji));
  if (both !== undefined) throw invalid(`addedReactions and removedReactions both name ${both}`);
  const gave = (emoji: string) => reactions.get(emoji)?.has(facts.actor) === true;
  const at = replyId === undefined ? place : { ...place, replyId };
  return [
    ...added.filter((emoji) => !gave(emoji)).map((emoji): CommentEvent => ({ type: 'CommentReactionAdded', data: { ...at, emoji } })),
    ...removed.filter(gave).map((emoji): CommentEvent => ({ type: 'CommentReactionRemoved', data: { ...at, emoji } })),
  ];
}

/** The comment exists, is not deleted, and lives where the request looks for it. */
function requireHere(state: CommentState, facts: CommentFacts): void {
  const here = state.place.spaceId === facts.spaceId && state.place.changeRequestId === facts.changeRequestId;
  if (state.status === 'none' || state.status === 'deleted' || !here) throw notFound('comment not found');
}

function requireReply(state: CommentState, replyId: string): ReplyState {
  const reply = state.replies.get(replyId);
  if (!reply) throw notFound('comment reply not found');
  return reply;
}

const ACTIONS: Record<Exclude<CommentCommand['type'], 'PostComment'>, string> = {
  UpdateComment: 'updating a comment',
  DeleteComment: 'deleting a comment',
  PostCommentReply: 'replying',
  UpdateCommentReply: 'updating a reply',
  DeleteCommentReply: 'deleting a reply',
};

/**
 * Anyone with the comment role or more posts, replies, reacts, resolves and reopens; only the
 * author edits a body; the author or a space admin deletes (commentPermissions, the policy the
 * answers' `permissions` show). Weaker roles are refused every write.
 */
export function decideComment(state: CommentState, command: CommentCommand, facts: CommentFacts): CommentEvent[] {
  if (command.type === 'PostComment') {
    requireCommenter(facts, 'commenting');
    if (state.status !== 'none') throw conflict('comment already exists');
    const { commentId, revision, node, page } = command;
    const place: CommentPlace = {
      commentId,
      spaceId: facts.spaceId,
      ...(facts.changeRequestId !== undefined ? { changeRequestId: facts.changeRequestId } : {}),
    };
    const markdown = validMarkdown(command.markdown, 'body');
    let target: { id: string; bodyHash: string } | undefined;
    if (page !== undefined) {
      if (facts.pageHash == null) throw invalid(`page: no page ${page} in the revision ${revision} the comment is posted on`);
      target = { id: page, bodyHash: facts.pageHash };
    }
    return [
      {
        type: 'CommentPosted',
        data: { ...place, revision, ...(node !== undefined ? { node } : {}), ...(target ? { page: target } : {}), markdown },
      },
    ];
  }
  requireHere(state, facts);
  requireCommenter(facts, ACTIONS[command.type]);
  const place = state.place;
  const may = (author: string) => commentPermissions(facts.role, facts.actor, author);
  switch (command.type) {
    case 'UpdateComment': {
      const events: CommentEvent[] = [];
      if (command.markdown !== undefined) {
        if (!may(state.postedBy).edit) throw forbidden('only the author of a comment can edit its body');
        if (validMarkdown(command.markdown, 'body') !== state.markdown)
          events.push({ type: 'CommentEdited', data: { ...place, markdown: command.markdown } });
      }
      if (command.resolved !== undefined) {
        if (command.resolved && state.status === 'open') events.push({ type: 'CommentResolved', data: place });
        if (!command.resolved && state.status === 'resolved') events.push({ type: 'CommentReopened', data: place });
      }
      return [...events, ...reactionEvents(state.reactions, command, facts, place)];
    }
    case 'DeleteComment':
      if (!may(state.postedBy).delete) throw forbidden('only the author of a comment or a space admin can delete it');
      return [{ type: 'CommentDeleted', data: { ...place, status: state.status as CommentStatus, replyIds: [...state.replies.keys()] } }];
    case 'PostCommentReply':
      if (state.replies.has(command.replyId)) throw conflict('comment reply already exists');
      return [
        { type: 'CommentReplyPosted', data: { ...place, replyId: command.replyId, markdown: validMarkdown(command.markdown, 'body') } },
      ];
    case 'UpdateCommentReply': {
      const reply = requireReply(state, command.replyId);
      const events: CommentEvent[] = [];
      if (command.markdown !== undefined) {
        if (!may(reply.postedBy).edit) throw forbidden('only the author of a reply can edit its body');
        if (validMarkdown(command.markdown, 'body') !== reply.markdown) {
          events.push({ type: 'CommentReplyEdited', data: { ...place, replyId: command.replyId, markdown: command.markdown } });
        }
      }
      return [...events, ...reactionEvents(reply.reactions, command, facts, place, command.replyId)];
    }
    case 'DeleteCommentReply': {
      const reply = requireReply(state, command.replyId);
      if (!may(reply.postedBy).delete) throw forbidden('only the author of a reply or a space admin can delete it');
      return [{ type: 'CommentReplyDeleted', data: { ...place, replyId: command.replyId } }];
    }
  }
}

/** A comment of a space or of a change request, with its replies and reactions, in stream `comment-<id>`. */
export const commentAggregate: Aggregate<CommentState, CommentCommand, CommentEvent, CommentFacts> = {
  category: 'comment',
  initialState: initialCommentState,
  evolve: evolveComment,
  decide: decideComment,
  schemaVersions: {
    CommentPosted: 1,
    CommentEdited: 1,
    CommentResolved: 1,
    CommentReopened: 1,
    CommentDeleted: 1,
    CommentReplyPosted: 1,
    CommentReplyEdited: 1,
    CommentReplyDeleted: 1,
    CommentReactionAdded: 1,
    CommentReactionRemoved: 1,
  },
};
