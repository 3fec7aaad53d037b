import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiParam, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { PageQuery, Stacked, toBoolean, IsOneOf } from '@docs/platform';
import { PageFormat } from './get-page';

/** GitBook's revisionMetadata and revisionComputed, accepted and validated: no git metadata and no computed content exist here. */
const Flag = (name: string, fallback: boolean, description: string) =>
  Stacked(
    ApiPropertyOptional({ type: Boolean, default: fallback, description }),
    IsOptional(),
    Transform(toBoolean),
    IsBoolean({ message: `${name} must be true or false` }),
  );

const METADATA = 'false omits git metadata (there is none here: no git sync)';
const COMPUTED = 'false skips computed content (there is none here)';

/** `true`, `false` or one named string (GitBook's boolean-or-enum query values). */
const FlagOr = (name: string, word: string, description: string) =>
  Stacked(
    ApiPropertyOptional({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: [word] }], default: false, description }),
    IsOptional(),
    Transform(toBoolean),
    IsIn([true, false, word], { message: `${name} must be true, false or ${word}` }),
  );

/** The query of revision reads (getCurrentRevision, listPages, getFileById and their other forms). */
export class RevisionReadQuery {
  @Flag('metadata', true, METADATA)
  metadata?: boolean;

  @Flag('computed', true, COMPUTED)
  computed?: boolean;
}

/** The query of file lists: GitBook's listPage and listLimit, and the revision flags. */
export class ListFilesQuery extends PageQuery {
  @Flag('metadata', true, METADATA)
  metadata?: boolean;

  @Flag('computed', true, COMPUTED)
  computed?: boolean;
}

export const PAGE_FORMATS = ['document', 'markdown'] as const;
export const MARKDOWN_REFS = ['relative', 'stable'] as const;

/** `format` and `format.markdown.refs`: how pages' bodies are answered (docs/content-design.md, decision 2). */
const BodyFormat = () =>
  Stacked(
    ApiPropertyOptional({
      enum: PAGE_FORMATS,
      description:
        "markdown (and absent): each page carries `markdown`; document: each page carries `document`, GitBook's " +
        'JSON document converted from the markdown (links to pages and files of the revision as references)',
    }),
    IsOptional(),
    IsOneOf('format', PAGE_FORMATS),
  );

const MarkdownRefs = () =>
  Stacked(
    ApiPropertyOptional({
      enum: MARKDOWN_REFS,
      default: 'relative',
      description:
        'How references are written in markdown output (ignored with format=document). relative: the markdown as ' +
        "it was stored, links as they were written; stable: the markdown written from the page's document, every " +
        'reference to a page or file of the revision by id (`/pages/<pageId>`, `/pages/<pageId>#<anchor>`, `/files/<fileId>`)',
    }),
    IsOptional(),
    IsOneOf('format.markdown.refs', MARKDOWN_REFS),
  );

/**
 * The query of revision and page-tree reads (getCurrentRevision, listPages and their other forms):
 * the revision flags, and how the pages' bodies are answered (an extension there: GitBook's document
 * names `format` on page reads only).
 */
export class RevisionTreeQuery extends RevisionReadQuery {
  @BodyFormat()
  format?: PageFormat;

  @MarkdownRefs()
  'format.markdown.refs'?: (typeof MARKDOWN_REFS)[number];
}

/** The query of one-page reads (getPageById and its other forms). */
export class PageReadQuery extends RevisionTreeQuery {
  @FlagOr('evaluated', 'deterministic-only', 'Evaluate expressions in the document. Accepted; markdown holds no expressions to evaluate')
  evaluated?: boolean | 'deterministic-only';

  @FlagOr('dereferenced', 'reusable-contents', 'Expand references to other content. Accepted; there is no reusable content to expand')
  dereferenced?: boolean | 'reusable-contents';
}

/** The query of page reads by path: the one-page query and GitBook's revisionCachedMetadata. */
export class PageByPathQuery extends PageReadQuery {
  @Flag('cachedMetadata', false, 'true lets git metadata come from a cache (there is none here)')
  cachedMetadata?: boolean;
}

/**
 * The page path of a wildcard route (`…/path/*`, decision 23): everything after `path/`, `/`s
 * included, URL-decoded by the router. Read from the route's `*` parameter; documented as `path`.
 */
export const PagePath = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const params = context.switchToHttp().getRequest<{ params?: Record<string, string | undefined> }>().params;
  return params?.['*'] ?? '';
});

/** The page path parameter of the wildcard routes, GitBook's pagePath (the router names the wildcard `path`). */
export const PAGE_PATH_PARAM = ApiParam({
  name: 'path',
  type: String,
  description:
    "GitBook's pagePath: the path of the page in the revision, its ancestors' slugs and its own separated by `/` (URL-encode each segment)",
});
