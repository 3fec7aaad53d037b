/** The longest comment or reply body accepted, in characters of markdown (docs/collaboration-design.md). */
export const MAX_COMMENT_MARKDOWN = 10_000;
