import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, DateTime, LocationUrls, OptionalDateTime, Permissions } from '@docs/platform';
import { UserResponse } from '@docs/organizations';
import { CommentBody, CommentDocumentBody, CommentMarkdownBody, commentBodySchema } from './comment-body.api';

/** What a body answers, by the request's `format` (docs/collaboration-design.md). */
const BODY = commentBodySchema('The body: `{ markdown }`, or `{ document }` with format=document');

export class ReactionUserResponse {
  @ApiProperty({ type: () => UserResponse })
  user!: UserResponse;

  @DateTime()
  reactedAt!: string;
}

/** GitBook's EmojiReaction. */
export class EmojiReactionResponse {
  @ApiProperty({ type: String, description: 'The emoji' })
  emoji!: string;

  @ApiProperty({ type: Number, description: 'How many users reacted with it (never 0: an emoji nobody reacts with is not listed)' })
  count!: number;

  @ApiProperty({ type: () => [ReactionUserResponse], description: 'Who reacted with it, first first' })
  users!: ReactionUserResponse[];
}

/** GitBook's UserContributor: who replied to a comment, how often, and when last. */
export class CommentReplierResponse {
  @DateTime('When they last replied')
  updatedAt!: string;

  @ApiProperty({ type: Number, description: 'How many replies of theirs the comment has' })
  count!: number;

  @ApiProperty({ type: () => UserResponse })
  user!: UserResponse;
}

export class CommentNodeResponse {
  @ApiProperty({ type: String })
  id!: string;
}

export class CommentPageResponse {
  @ApiProperty({ type: String, description: 'The ID of the page' })
  id!: string;

  @ApiPropertyOptional({
    type: String,
    description: "The page's title (in the current revision, else in the comment's); absent when neither holds the page",
  })
  title?: string;

  @ApiPropertyOptional({ type: String, description: "The page's emoji, when it has one" })
  emoji?: string;

  @ApiPropertyOptional({ type: String, description: "The page's path (as title)" })
  path?: string;

  @ApiProperty({ type: Boolean, description: "The page's content changed after the comment was posted, or the page is gone" })
  outdated!: boolean;
}

export class CommentTargetResponse {
  @ApiPropertyOptional({ type: () => CommentNodeResponse, description: 'The node the comment is attached to' })
  node?: CommentNodeResponse;

  @ApiPropertyOptional({ type: String, description: 'The change request containing the comment, if it was posted inside one' })
  changeRequest?: string;

  @ApiPropertyOptional({ type: () => CommentPageResponse, description: 'The page the comment is about' })
  page?: CommentPageResponse;

  @ApiProperty({ type: String, description: 'The space containing the comment' })
  space!: string;

  @ApiProperty({ type: String, description: 'The revision the comment was posted on' })
  revision!: string;
}

/** The start of a comment and of a reply: the API object, who posted it and when, its last edit, its reactions. */
function Posted<K extends string>(kind: K, description: string) {
  class PostedObject extends ApiObject(kind, { description }) {
    @ApiProperty({ type: () => UserResponse })
    postedBy!: UserResponse;

    @DateTime()
    postedAt!: string;

    @OptionalDateTime('When the body was last edited; only once edited')
    editedAt?: string;

    @ApiProperty({ type: () => [EmojiReactionResponse] })
    reactions!: EmojiReactionResponse[];
  }
  return PostedObject;
}

const FLAGS = {
  view: 'Can the caller view it',
  edit: 'Can the caller edit its body (its author, with the comment role or more)',
  reply: 'Can the caller react or reply (comment role or more)',
  delete: 'Can the caller delete it (its author or a space admin)',
};

export class CommentPermissions extends Permissions(FLAGS) {}

/** GitBook's Comment (CommentsPresenter.comment). */
@ApiExtraModels(CommentMarkdownBody, CommentDocumentBody)
export class CommentResponse extends Posted('comment', 'Unique identifier for the comment') {
  @ApiProperty({ type: Number, description: 'The number of replies' })
  replies!: number;

  @ApiProperty({ type: () => [CommentReplierResponse], description: 'Who replied' })
  repliers!: CommentReplierResponse[];

  @ApiProperty(BODY)
  body!: CommentBody;

  @ApiProperty({ type: () => CommentTargetResponse })
  target!: CommentTargetResponse;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;

  @ApiProperty({ type: () => CommentPermissions })
  permissions!: CommentPermissions;

  @ApiProperty({ type: String, enum: ['open', 'resolved'] })
  status!: 'open' | 'resolved';

  @OptionalDateTime('When it was resolved; only while resolved')
  resolvedAt?: string;

  @ApiPropertyOptional({ type: () => UserResponse, description: 'Who resolved it; only while resolved' })
  resolvedBy?: UserResponse;
}

export class CommentReplyPermissions extends Permissions(FLAGS) {}

/** GitBook's CommentReply (CommentsPresenter.reply). */
@ApiExtraModels(CommentMarkdownBody, CommentDocumentBody)
export class CommentReplyResponse extends Posted('comment-reply', 'Unique identifier for the reply') {
  @ApiProperty(BODY)
  body!: CommentBody;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;

  @ApiProperty({ type: () => CommentReplyPermissions })
  permissions!: CommentReplyPermissions;
}
