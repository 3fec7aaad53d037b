import { Injectable } from '@nestjs/common';
import { found } from '@docs/platform';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { ChangeRequestDoc, ChangeRequestsReadModel } from './change-requests.read-model';
import { SpaceDoc } from '../spaces/reads/spaces.read-model';
import { SpaceScope } from '../spaces/space-scope';
import type { Mergeability } from './merge-readiness';

/** A change request as the routes present it: the document, its space (for `outdated`) and the users it names. */
export interface ChangeRequestView {
  changeRequest: ChangeRequestDoc;
  space: SpaceDoc;
  /** The users it names (creator, merger) that still exist, by id. */
  users: ReadonlyMap<string, UserDoc>;
  /** Whether the caller could merge it now (a single change request's answer only). */
  mergeability?: Mergeability;
}

const NOT_FOUND = 'change request not found';

/** Finds a space's change requests (by id or number) and gathers what presenting them needs. */
@Injectable()
export class ChangeRequestViews {
  constructor(
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  /**
   * The space's change request `idOrNumber` names (GitBook: "the unique ID of the change request or
   * its number identifier in the space"; generated ids always hold a letter, so the forms never
   * collide); 404 when there is none.
   */
  async find(spaceId: string, idOrNumber: string): Promise<ChangeRequestDoc> {
    const doc = /^\d{1,15}$/.test(idOrNumber)
      ? await this.changeRequests.byNumber(spaceId, Number(idOrNumber))
      : await this.changeRequests.byId(spaceId, idOrNumber);
    return found(doc, NOT_FOUND);
  }

  /** The change request a route names (an id or a number) in the scope's space; 404 as `find`, or when the caller cannot see the space. */
  async findIn(scope: SpaceScope, idOrNumber: string): Promise<ChangeRequestDoc> {
    return this.find((await scope.space()).id, idOrNumber);
  }

  views(space: SpaceDoc, docs: ChangeRequestDoc[]): Promise<ChangeRequestView[]> {
    return this.viewsIn(new Map([[space.id, space]]), docs);
  }

  /** Views of change requests of several spaces (an organization's list): `spaces` holds the space of each. */
  async viewsIn(spaces: ReadonlyMap<string, SpaceDoc>, docs: ChangeRequestDoc[]): Promise<ChangeRequestView[]> {
    const ids = [...new Set(docs.flatMap((d) => (d.mergedBy ? [d.createdBy, d.mergedBy] : [d.createdBy])))];
    const users = new Map((await this.directory.usersById(ids)).map((u) => [u.id, u]));
    return docs.map((changeRequest) => ({ changeRequest, space: spaces.get(changeRequest.spaceId)!, users }));
  }

  async view(space: SpaceDoc, doc: ChangeRequestDoc): Promise<ChangeRequestView> {
    return (await this.views(space, [doc]))[0]!;
  }

  /** The change request as a write just left it, with its space as it is now (the scope reads it again). */
  async afterWrite(scope: SpaceScope, changeRequestId: string): Promise<ChangeRequestView> {
    scope.refresh();
    const space = await scope.space();
    return this.view(space, await this.find(space.id, changeRequestId));
  }
}
