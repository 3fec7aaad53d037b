export type { GitContent, GitFile, GitPage } from './git-content.domain';
export { pagesInOrder } from './git-content.domain';
export { toGitFiles, GITBOOK_YAML, SUMMARY_FILE } from './to-git-files.domain';
export { fromGitFiles } from './from-git-files.domain';
export type { GitIds } from './from-git-files.domain';
export { gitContentOf } from './git-content-of.domain';
