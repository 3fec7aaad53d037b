import { Injectable } from '@nestjs/common';
import { SpaceDoc } from '../spaces/reads/spaces.read-model';
import { ChangeRequestViews } from '../change-requests/change-request-views';
import { RevisionContent, RevisionTrees } from './revision-trees';
import { SpaceQuery, SpaceScope } from '../spaces/space-scope';

/**
 * Where a content read looks (docs/content-api.md, "Operations: content reads"): the space's live
 * revision, a change request's current revision (by id or number), or any revision of the space by id.
 */
export type ContentLocation = { at: 'live' } | { at: 'change-request'; changeRequest: string } | { at: 'revision'; revisionId: string };

/** The same, resolved: the change request's id (when it was named by number) is known. */
export type ResolvedLocation = { at: 'live' } | { at: 'change-request'; changeRequestId: string } | { at: 'revision' };

/** A revision as a read sees it: the space, where it was found, and the revision built for reading. */
export interface ContentView {
  space: SpaceDoc;
  location: ResolvedLocation;
  content: RevisionContent;
}

/** A query about the content of one space, at a location. */
export abstract class ContentQuery<P, R> extends SpaceQuery<P & { location: ContentLocation }, R> {}

/**
 * Turns a location into the revision it names, for anyone who can see the space: 404 for an
 * invisible space, an unknown change request, or a revision that is not the space's.
 */
@Injectable()
export class ContentAt {
  constructor(
    private readonly trees: RevisionTrees,
    private readonly changeRequests: ChangeRequestViews,
  ) {}

  async view(scope: SpaceScope, location: ContentLocation): Promise<ContentView> {
    const { space } = await scope.view();
    switch (location.at) {
      case 'live':
        return { space, location, content: await this.trees.content(space.id, space.revision) };
      case 'change-request': {
        const changeRequest = await this.changeRequests.find(space.id, location.changeRequest);
        return {
          space,
          location: { at: 'change-request', changeRequestId: changeRequest.id },
          content: await this.trees.content(space.id, changeRequest.revision),
        };
      }
      case 'revision':
        return { space, location, content: await this.trees.content(space.id, location.revisionId) };
    }
  }
}
