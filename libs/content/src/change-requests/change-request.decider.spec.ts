import { Role, sha256 } from '@docs/kernel';
import { deciderSpec } from '@docs/kernel/testing';
import { ChangeRequestCommand, ChangeRequestFacts, changeRequestAggregate, mergeIntoLive } from './change-request.decider';
import { ChangeRequestEvent } from './change-request.events';
import { applyChanges } from '../page-tree/page-tree.domain';
import { bodies, page, tree } from '../testing/page-tree-fixtures.domain';

const ids = { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1' };
const created: ChangeRequestEvent = {
  type: 'ChangeRequestCreated',
  data: { ...ids, number: 1, subject: 'Fix typos', revisionInitial: 'r0' },
};
const facts = (role: Role | null, extra: Partial<ChangeRequestFacts> = {}): ChangeRequestFacts => ({ role, locked: false, ...extra });
const cr = deciderSpec(changeRequestAggregate);
type Status = 'draft' | 'open' | 'archived' | 'merged';
const status = (s: Status, from: Status = 'open'): ChangeRequestEvent => ({
  type: 'ChangeRequestStatusChanged',
  data: { ...ids, status: s, from },
});

describe('change request decider', () => {
  it('is created by editors, and hidden from those who cannot see the space', () => {
    const create: ChangeRequestCommand = { type: 'CreateChangeRequest', ...ids, number: 1, subject: 'Fix typos', revisionInitial: 'r0' };
    cr.given([]).when(create, facts('edit')).then([created]);
    cr.given([]).when(create, facts('comment')).thenFails('forbidden');
    cr.given([]).when(create, facts(null)).thenFails('not_found');
  });

  it('follows the lifecycle: draft and open both ways, archive and reopen, nothing after a merge', () => {
    const to = (s: 'draft' | 'open' | 'archived'): ChangeRequestCommand => ({ type: 'UpdateChangeRequest', status: s });
    cr.given([created])
      .when(to('draft'), facts('edit'))
      .then([status('draft')]);
    cr.given([created, status('archived')])
      .when(to('open'), facts('edit'))
      .then([status('open', 'archived')]);
    cr.given([created]).when(to('open'), facts('edit')).thenNothing();
    cr.given([created, { type: 'ChangeRequestMerged', data: { ...ids, revisionMerged: 'r9', from: 'open' } }])
      .when(to('open'), facts('edit'))
      .thenFails('conflict', /merged change request cannot become open/);
    cr.given([created])
      .when({ type: 'UpdateChangeRequest', subject: 'Typos' }, facts('edit'))
      .then([{ type: 'ChangeRequestSubjectChanged', data: { ...ids, subject: 'Typos' } }]);
  });

  it('records page edits as a new revision, refused in locked spaces and closed change requests', () => {
    const edit: ChangeRequestCommand = {
      type: 'EditChangeRequestContent',
      revisionId: 'r1',
      edits: [{ operation: 'update_page', page: 'a', markdown: 'new' }],
      newPageIds: [],
      newFiles: [],
    };
    const withTree = facts('edit', { revision: 'r0', tree: tree(page('a')) });
    cr.given([created])
      .when(edit, withTree)
      .then([
        {
          type: 'ChangeRequestContentEdited',
          data: { ...ids, revisionId: 'r1', parentRevisionId: 'r0', changes: [{ op: 'update', pageId: 'a', fields: {}, markdown: 'new' }] },
        },
      ]);
    cr.given([created])
      .when(edit, { ...withTree, locked: true })
      .thenFails('conflict', /locked/);
    cr.given([created, status('archived')])
      .when(edit, withTree)
      .thenFails('conflict', /archived/);
    cr.given([created])
      .when(edit, facts('comment', { tree: tree(page('a')) }))
      .thenFails('forbidden');
    cr.given([created])
      .when(edit, { ...withTree, revision: 'r-old' })
      .thenFails('conflict', /changed meanwhile/);
  });

  it('records inserted files with the revision, even without page changes', () => {
    const file = { id: 'f1', name: 'a.png', contentType: 'image/png', size: 3, hash: sha256('png') };
    const insert: ChangeRequestCommand = {
      type: 'EditChangeRequestContent',
      revisionId: 'r1',
      edits: [],
      newPageIds: [],
      newFiles: [file],
    };
    cr.given([created])
      .when(insert, facts('edit', { revision: 'r0', tree: tree() }))
      .then([
        { type: 'ChangeRequestContentEdited', data: { ...ids, revisionId: 'r1', parentRevisionId: 'r0', changes: [], files: [file] } },
      ]);
  });

  it('pulls the live content in with a three-way merge, or names the conflicting pages', () => {
    const base = tree(page('a', { bodyHash: sha256('x\nm\ny') }));
    const mine = tree(page('a', { bodyHash: sha256('X\nm\ny') }));
    const known = bodies('x\nm\ny', 'X\nm\ny', 'x\nm\nY', 'x\nm\nZ');
    const update: ChangeRequestCommand = { type: 'UpdateChangeRequestFromMain', revisionId: 'r2' };
    cr.given([created])
      .when(
        update,
        facts('edit', {
          base,
          tree: mine,
          bodies: known,
          live: { revisionId: 'r5', tree: tree(page('a', { bodyHash: sha256('x\nm\nY') })), files: [] },
          revision: 'r0',
          files: [],
        }),
      )
      .then([
        {
          type: 'ChangeRequestUpdatedFromMain',
          data: {
            ...ids,
            revisionId: 'r2',
            parents: ['r0', 'r5'],
            changes: [{ op: 'update', pageId: 'a', fields: {}, markdown: 'X\nm\nY' }],
          },
        },
      ]);
    cr.given([created])
      .when(
        update,
        facts('edit', { base, tree: mine, bodies: known, live: { revisionId: 'r0', tree: base, files: [] }, revision: 'r0', files: [] }),
      )
      .thenNothing();
    const clash = tree(page('a', { bodyHash: sha256('x\nm\nZ') }));
    cr.given([created])
      .when(
        update,
        facts('edit', {
          base,
          tree: tree(page('a', { bodyHash: sha256('x\nm\nY') })),
          bodies: known,
          live: { revisionId: 'r5', tree: clash, files: [] },
          revision: 'r0',
          files: [],
        }),
      )
      .thenFails('conflict', /conflicts in pages: a \(a\): the same lines were edited on both sides/);
  });

  it('merges for reviewers only', () => {
    const merge: ChangeRequestCommand = { type: 'MergeChangeRequest', revisionMerged: 'r9', onto: 'r0' };
    const merging = (role: Role, revision: string) => facts(role, { revision, caller: 'u2', mergeRules: { type: 'none' } });
    cr.given([created])
      .when(merge, merging('review', 'r0'))
      .then([{ type: 'ChangeRequestMerged', data: { ...ids, revisionMerged: 'r9', from: 'open' } }]);
    cr.given([created])
      .when(merge, merging('edit', 'r0'))
      .thenFails('forbidden', /review/);
    cr.given([created])
      .when(merge, merging('review', 'r-old'))
      .thenFails('conflict', /changed meanwhile/);
  });

  it('requests reviews from people who can see the space, once each', () => {
    const request = (userIds: string[], subject?: string): ChangeRequestCommand => ({
      type: 'RequestReviewers',
      userIds,
      ...(subject ? { subject } : {}),
    });
    const canSee = new Set(['ann', 'bob']);
    cr.given([created])
      .when(request(['ann', 'ann'], 'Please look'), facts('edit', { canSee }))
      .then([
        { type: 'ChangeRequestSubjectChanged', data: { ...ids, subject: 'Please look' } },
        { type: 'ReviewersRequested', data: { ...ids, userIds: ['ann'], revision: 'r0' } },
      ]);
    cr.given([created])
      .when(request(['zed']), facts('edit', { canSee }))
      .thenFails('invalid', /zed/);
    const asked: ChangeRequestEvent = { type: 'ReviewersRequested', data: { ...ids, userIds: ['ann'], revision: 'r0' } };
    cr.given([created, asked])
      .when(request(['ann']), facts('edit', { canSee }))
      .thenNothing();
    cr.given([created, asked])
      .when({ type: 'RemoveReviewer', userId: 'ann' }, facts('edit'))
      .then([{ type: 'ReviewerRemoved', data: { ...ids, userId: 'ann' } }]);
    cr.given([created]).when({ type: 'RemoveReviewer', userId: 'ann' }, facts('edit')).thenFails('not_found');
  });
});

describe('mergeIntoLive', () => {
  it('applies the change request onto live content that moved on', () => {
    const base = tree(page('a'), page('b'));
    const live = tree(page('a', { title: 'A' }), page('b'), page('c'));
    const changeRequest = tree(page('a'), page('d'));
    expect(
      [...applyChanges(live, mergeIntoLive(base, live, changeRequest, new Map())).values()].map((p) => `${p.id}:${p.title}`).sort(),
    ).toEqual(['a:A', 'c:c', 'd:d']);
  });
});
