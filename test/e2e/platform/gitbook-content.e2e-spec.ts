import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ChangeRequestStatus } from '@gitbook/api';
import { gitbookSuite, SUITE_SECTIONS } from '../support/gitbook-client-driver';
import { E2E_GIT_ROOT } from '../support/host/started-app';
import { OrgWorld } from '../support/org-world';
import { TestApp } from '../support/test-app';

/** A one-page website on 127.0.0.1 for the import operations. */
function websiteToImport(): Server {
  return createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html><head><title>Imported</title></head><body><main><h1>Imported</h1><p>Hello.</p></main></body></html>');
  });
}

/**
 * GitBook's own client drives every contract operation of spaces, their content, change requests,
 * reviewers and comments, and each answer validates against GitBook's schema for that operation
 * and status (the served document's, for those GitBook has not). The suite runs its own
 * application, which may import from 127.0.0.1.
 */
describe('GitBook client: spaces, content, change requests, reviewers, comments', () => {
  const {
    driver: gitbook,
    operation,
    answer,
    made,
    world,
  } = gitbookSuite('gitbook-content', () => TestApp.start({ outboundAllowHosts: ['127.0.0.1'] }));
  let website: Server;
  let websiteUrl: string;
  const ids = () => world().ids as Required<OrgWorld['ids']>;
  const space = () => ids().spaceId;
  const cr = () => ids().changeRequestId;

  beforeAll(async () => {
    website = websiteToImport();
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
    websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/docs`;
    await richerContent();
  });
  afterAll(() => new Promise<void>((resolve) => website.close(() => resolve())));

  const newSpace = (title: string) => made('POST', `/v1/orgs/${world().organizationId}/spaces`, { title });
  const newChangeRequest = (subject: string) => made('POST', `/v1/spaces/${space()}/change-requests`, { subject });
  const edit = (changeRequestId: string, title: string) =>
    made('POST', `/v1/spaces/${space()}/change-requests/${changeRequestId}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title, document: { markdown: `# ${title}\n\nSee [the notes](https://example.com/notes).` } }],
    });
  /**
   * Beyond the world's plain page and text file: a page with an emoji, a description, a child page,
   * an image and links; a PNG (with dimensions); a reviewer asked on the change request; a space
   * with an emoji in the collection.
   */
  async function richerContent(): Promise<void> {
    const seed = await newChangeRequest('Richer');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR4nGP4z8DwHwyBNBoHAF5SBfuNvKKUAAAAAElFTkSuQmCC',
      'base64',
    );
    const image = (
      await made('POST', `/v1/spaces/${space()}/change-requests/${seed.id}/content?compat=false`, {
        changes: [
          { operation: 'insert_files', files: [{ name: 'diagram.png', contentType: 'image/png', base64: png.toString('base64') }] },
        ],
      })
    ).insertedFiles[0];
    const markdown = `# Guide\n\nSee ![diagram](${image.downloadURL}) and [the notes](https://example.com/notes).\n\n- [ ] a task\n`;
    const inserted = await made('POST', `/v1/spaces/${space()}/change-requests/${seed.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Guide', emoji: '1f4d8', description: 'How to start', document: { markdown } }],
    });
    const guide = inserted.changes[0].page.id;
    await made('POST', `/v1/spaces/${space()}/change-requests/${seed.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Install', into: guide, document: { markdown: 'Run it.' } }],
    });
    await made('POST', `/v1/spaces/${space()}/change-requests/${seed.id}/merge`);
    await made('PATCH', `/v1/spaces/${space()}`, { emoji: '1f4da' });
    await made('POST', `/v1/spaces/${space()}/move`, { parent: ids().collectionId });
    await made('POST', `/v1/spaces/${space()}/change-requests/${cr()}/requested-reviewers`, { users: [ids().userId] });
    await made('POST', `/v1/spaces/${space()}/change-requests/${cr()}/update`);
  }

  /** A bare repository (made once) for the git sync operations, as GitBook's body names it. */
  let bare: string | undefined;
  const gitRepo = () => {
    if (bare === undefined) {
      bare = join(mkdtempSync(join(E2E_GIT_ROOT, 'gitbook-content-')), 'docs.git');
      execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    }
    return { url: `file://${bare}`, ref: 'refs/heads/main' };
  };

  /** An operation GitBook's document lacks, sent with the client's own request(). */
  const request = (method: string, path: string, body?: unknown) =>
    gitbook.api.request({ method, path, secure: true, format: 'json', ...(body ? { body, type: 'application/json' as never } : {}) });
  const comment = (markdown: string) => ({ body: { markdown } }) as never;

  describe('Spaces', () => {
    operation('getSpaceById', () => answer(() => gitbook.api.spaces.getSpaceById(space())));
    operation('updateSpaceById', () => answer(() => gitbook.api.spaces.updateSpaceById(space(), { title: 'GitBook Content' })));
    operation('deleteSpaceById', async () => {
      const doomed = await newSpace('Retired');
      await answer(() => gitbook.api.spaces.deleteSpaceById(doomed.id));
    });
    operation('duplicateSpace', () => answer(() => gitbook.api.spaces.duplicateSpace(space())));
    operation('restoreSpace', async () => {
      const deleted = await newSpace('Restored');
      await made('DELETE', `/v1/spaces/${deleted.id}`);
      await answer(() => gitbook.api.spaces.restoreSpace(deleted.id));
    });
    operation('moveSpace', async () => {
      const moving = await newSpace('Moving');
      await answer(() => gitbook.api.spaces.moveSpace(moving.id, { parent: ids().collectionId }));
    });
    operation('transferSpace', async () => {
      const moving = await newSpace('Transferred');
      const other = await made('POST', '/v1/orgs', { title: 'Elsewhere' });
      await answer(() => request('POST', `/spaces/${moving.id}/transfer`, { organization: other.id }));
    });
    operation('listSpaceLinks', () => answer(() => request('GET', `/spaces/${space()}/links`)));
  });

  describe('Space content', () => {
    operation('searchSpaceContent', () => answer(() => gitbook.api.spaces.searchSpaceContent(space(), { query: 'notes' })));
    operation('getCurrentRevision', () => answer(() => gitbook.api.spaces.getCurrentRevision(space())));
    operation('getRevisionOfChangeRequestById', () => answer(() => gitbook.api.spaces.getRevisionOfChangeRequestById(space(), cr())));
    operation('importContent', async () => {
      const target = await newSpace('Imported');
      await answer(() => request('POST', `/spaces/${target.id}/content/import`, { url: websiteUrl, source: 'website' }));
    });
    operation('importContentInChangeRequest', async () => {
      const draft = await newChangeRequest('Import');
      await answer(() =>
        request('POST', `/spaces/${space()}/change-requests/${draft.id}/content/import`, { url: websiteUrl, source: 'website' }),
      );
    });
    operation('exportToGitRepository', () =>
      answer(() => gitbook.api.spaces.exportToGitRepository(space(), { ...gitRepo(), commitMessage: 'Sync' })),
    );
    operation('importGitRepository', () => answer(() => gitbook.api.spaces.importGitRepository(space(), gitRepo())));
    operation('getSpaceGitInfo', () => answer(() => gitbook.api.spaces.getSpaceGitInfo(space())));
    operation('listPages', () => answer(() => gitbook.api.spaces.listPages(space())));
    operation('listPagesInChangeRequest', () => answer(() => gitbook.api.spaces.listPagesInChangeRequest(space(), cr())));
    operation('listFiles', () => answer(() => gitbook.api.spaces.listFiles(space(), { limit: 5 })));
    operation('listFilesInChangeRequestById', () =>
      answer(() => gitbook.api.spaces.listFilesInChangeRequestById(space(), cr(), { limit: 5 })),
    );
    operation('getFileById', () => answer(() => gitbook.api.spaces.getFileById(space(), ids().fileId)));
    operation('getFileInChangeRequestById', () => answer(() => gitbook.api.spaces.getFileInChangeRequestById(space(), cr(), ids().fileId)));
    operation('listSpaceFileBacklinkLocations', () =>
      answer(() => request('GET', `/spaces/${space()}/content/files/${ids().fileId}/backlinks`)),
    );
    operation('listChangeRequestFileBacklinkLocations', () =>
      answer(() => request('GET', `/spaces/${space()}/change-requests/${cr()}/content/files/${ids().fileId}/backlinks`)),
    );
    operation('getPageById', () => answer(() => gitbook.api.spaces.getPageById(space(), ids().pageId)));
    operation('getPageInChangeRequestById', () => answer(() => gitbook.api.spaces.getPageInChangeRequestById(space(), cr(), ids().pageId)));
    operation('listPageLinksInSpace', () => answer(() => request('GET', `/spaces/${space()}/content/page/${ids().pageId}/links`)));
    operation('listPageLinksInChangeRequest', () =>
      answer(() => request('GET', `/spaces/${space()}/change-requests/${cr()}/content/page/${ids().pageId}/links`)),
    );
  });

  describe('Change requests and reviewers', () => {
    operation('listChangeRequestsForSpace', () => answer(() => gitbook.api.spaces.listChangeRequestsForSpace(space(), { limit: 5 })));
    operation('listChangeRequestsForOrganization', () =>
      answer(() =>
        gitbook.api.orgs.listChangeRequestsForOrganization(world().organizationId, {
          status: [ChangeRequestStatus.Open, ChangeRequestStatus.Draft],
          limit: 5,
        }),
      ),
    );
    operation('getContributorsByChangeRequestId', () => answer(() => gitbook.api.spaces.getContributorsByChangeRequestId(space(), cr())));
    operation('createChangeRequest', () => answer(() => gitbook.api.spaces.createChangeRequest(space(), { subject: 'Typos' })));
    operation('getChangeRequestById', () => answer(() => gitbook.api.spaces.getChangeRequestById(space(), cr())));
    operation('updateChangeRequestById', () =>
      answer(() => gitbook.api.spaces.updateChangeRequestById(space(), cr(), { subject: 'Renamed' })),
    );
    operation('mergeChangeRequest', async () => {
      const draft = await newChangeRequest('Merged');
      await edit(draft.id, 'Merged page');
      await answer(() => gitbook.api.spaces.mergeChangeRequest(space(), draft.id));
    });
    operation('updateChangeRequest', async () => {
      const behind = await newChangeRequest('Behind');
      const ahead = await newChangeRequest('Ahead');
      await edit(ahead.id, 'Ahead page');
      await made('POST', `/v1/spaces/${space()}/change-requests/${ahead.id}/merge`);
      await answer(() => gitbook.api.spaces.updateChangeRequest(space(), behind.id));
    });
    operation('getChangeRequestPDF', () => answer(() => gitbook.api.spaces.getChangeRequestPdf(space(), cr())));
    operation('getRequestedReviewersByChangeRequestId', () =>
      answer(() => gitbook.api.spaces.getRequestedReviewersByChangeRequestId(space(), cr(), { limit: 5 })),
    );
    operation('requestReviewersForChangeRequest', () =>
      answer(() => gitbook.api.spaces.requestReviewersForChangeRequest(space(), cr(), { users: [ids().userId] })),
    );
    operation('removeRequestedReviewerFromChangeRequest', async () => {
      await made('POST', `/v1/spaces/${space()}/change-requests/${cr()}/requested-reviewers`, { users: [ids().userId] });
      await answer(() => gitbook.api.spaces.removeRequestedReviewerFromChangeRequest(space(), cr(), ids().userId));
    });
  });

  describe('Comments on spaces', () => {
    const comments = () => `/v1/spaces/${space()}/comments`;
    operation('listCommentsInSpace', () => answer(() => gitbook.api.spaces.listCommentsInSpace(space(), { limit: 5 })));
    operation('postCommentInSpace', () =>
      answer(() => gitbook.api.spaces.postCommentInSpace(space(), { page: ids().pageId, body: { markdown: 'A question' } } as never)),
    );
    operation('getCommentInSpace', () => answer(() => gitbook.api.spaces.getCommentInSpace(space(), ids().commentId)));
    operation('updateCommentInSpace', () =>
      answer(() =>
        gitbook.api.spaces.updateCommentInSpace(space(), ids().commentId, {
          body: { markdown: 'A better question' },
          resolved: true,
          addedReactions: ['👍'],
        } as never),
      ),
    );
    operation('deleteCommentInSpace', async () => {
      const doomed = await made('POST', comments(), { body: { markdown: 'Never mind' } });
      await answer(() => gitbook.api.spaces.deleteCommentInSpace(space(), doomed.id));
    });
    operation('postCommentReplyInSpace', () =>
      answer(() => gitbook.api.spaces.postCommentReplyInSpace(space(), ids().commentId, comment('An answer'))),
    );
    operation('getCommentReplyInSpace', () =>
      answer(() => gitbook.api.spaces.getCommentReplyInSpace(space(), ids().commentId, ids().commentReplyId)),
    );
    operation('updateCommentReplyInSpace', () =>
      answer(() =>
        gitbook.api.spaces.updateCommentReplyInSpace(space(), ids().commentId, ids().commentReplyId, comment('A better answer')),
      ),
    );
    operation('deleteCommentReplyInSpace', async () => {
      const doomed = await made('POST', `${comments()}/${ids().commentId}/replies`, { body: { markdown: 'Oops' } });
      await answer(() => gitbook.api.spaces.deleteCommentReplyInSpace(space(), ids().commentId, doomed.id));
    });
  });

  describe('Comments on change requests', () => {
    const comments = () => `/v1/spaces/${space()}/change-requests/${cr()}/comments`;
    let thread: { commentId: string; replyId: string };
    beforeAll(async () => {
      const posted = await made('POST', comments(), { body: { markdown: 'On this change' } });
      const reply = await made('POST', `${comments()}/${posted.id}/replies`, { body: { markdown: 'Agreed' } });
      thread = { commentId: posted.id, replyId: reply.id };
    });
    operation('listCommentsInChangeRequest', () =>
      answer(() => gitbook.api.spaces.listCommentsInChangeRequest(space(), cr(), { limit: 5 })),
    );
    operation('postCommentInChangeRequest', () =>
      answer(() => gitbook.api.spaces.postCommentInChangeRequest(space(), cr(), comment('Why this change?'))),
    );
    operation('getCommentInChangeRequest', () =>
      answer(() => gitbook.api.spaces.getCommentInChangeRequest(space(), cr(), thread.commentId)),
    );
    operation('updateCommentInChangeRequest', () =>
      answer(() => gitbook.api.spaces.updateCommentInChangeRequest(space(), cr(), thread.commentId, comment('On this change, again'))),
    );
    operation('deleteCommentInChangeRequest', async () => {
      const doomed = await made('POST', comments(), { body: { markdown: 'Never mind' } });
      await answer(() => gitbook.api.spaces.deleteCommentInChangeRequest(space(), cr(), doomed.id));
    });
    operation('listCommentRepliesInChangeRequest', () =>
      answer(() => gitbook.api.spaces.listCommentRepliesInChangeRequest(space(), cr(), thread.commentId, { limit: 5 })),
    );
    operation('postCommentReplyInChangeRequest', () =>
      answer(() => gitbook.api.spaces.postCommentReplyInChangeRequest(space(), cr(), thread.commentId, comment('Indeed'))),
    );
    operation('getCommentReplyInChangeRequest', () =>
      answer(() => gitbook.api.spaces.getCommentReplyInChangeRequest(space(), cr(), thread.commentId, thread.replyId)),
    );
  });

  it('has a test for every contract operation of its sections', () => {
    expect(gitbook.missing(SUITE_SECTIONS.content)).toEqual([]);
  });
});
