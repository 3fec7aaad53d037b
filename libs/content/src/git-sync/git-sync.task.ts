import { idFromSeed } from '@docs/kernel';
import { fromGitFiles, GitContent, toGitFiles } from '../git-layout';

/**
 * Runs in a work thread (GitSync, through the WorkPool): a space's content as the files of
 * GitBook's git layout, for an export.
 */
export function gitFilesOf(content: GitContent): Map<string, Uint8Array> {
  return toGitFiles(content);
}

/** What an import reads in a work thread: a commit's files, and the seed the new pages' and files' ids derive from. */
export interface ReadCommitInput {
  files: Map<string, Uint8Array>;
  seed: string;
}

/** Runs in a work thread: the content a commit's files hold in the git layout (a 400 for what is not), ids from the seed. */
export function readCommitContent({ files, seed }: ReadCommitInput): GitContent {
  return fromGitFiles(files, {
    pageId: (n) => idFromSeed(`${seed}:page:${n}`),
    fileId: (n) => idFromSeed(`${seed}:file:${n}`),
  });
}
