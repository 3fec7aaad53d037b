import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { generateKeyBetween } from 'fractional-indexing';
import { idFromSeed, Role } from '@docs/kernel';
import { everyItem, found } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { TreeChange } from '../page-tree/page-tree.domain';
import { GrantChanges } from './space.decider';
import { GrantKind, SpacesReadModel } from './reads/spaces.read-model';
import { ContentSiblings } from '../content-tree/content-siblings';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { SpaceAccess } from './space-access';
import { SpaceCommand, SpaceView } from './space-scope';
import { SpaceWriter } from './space-writer';

export class DuplicateSpace extends SpaceCommand<Record<string, never>, SpaceView> {}

const TITLE_MAX = 50;
const GRANTS_PAGE = 1000;

/**
 * POST /v1/spaces/{spaceId}/duplicate: space admins who may create spaces in its organization. The
 * copy sits right after the original in the same parent, titled "Copy of <title>", with the same
 * settings and direct grants and a copy of the live content under new page and file ids (the files'
 * bytes are shared: they are addressed by content). No change requests are copied. The space, its
 * grants and its content are one append, so a copy is never half made.
 */
@CommandHandler(DuplicateSpace)
export class DuplicateSpaceHandler implements ICommandHandler<DuplicateSpace> {
  constructor(
    private readonly writer: SpaceWriter,
    private readonly spaces: SpacesReadModel,
    private readonly trees: RevisionTrees,
    private readonly siblings: ContentSiblings,
    private readonly access: SpaceAccess,
  ) {}

  async execute({ scope }: DuplicateSpace): Promise<SpaceView> {
    const { space } = await scope.requirePermission('admin', 'duplicating a space');
    const live = await this.trees.content(space.id, space.revision);
    const spaceId = scope.createdId('space');
    const next = await this.siblings.rankNextTo(space.organizationId, space.parent, 'after', space.rank, space.id);
    await this.writer.execute(
      spaceId,
      {
        type: 'CreateSpace',
        spaceId,
        organizationId: space.organizationId,
        title: `Copy of ${space.title}`.slice(0, TITLE_MAX),
        emoji: space.emoji,
        editMode: space.editMode,
        defaultLevel: space.defaultLevel,
        parent: space.parent,
        rank: generateKeyBetween(space.rank, next),
        revisionId: scope.createdId('revision'),
        duplicatedFrom: space.id,
        empty: true,
        grants: await this.grantsOf(space.id),
        content: { revisionId: scope.createdId('revision:copy'), ...(await this.copyOf(live, spaceId)) },
      },
      scope,
    );
    const copy = found(await this.spaces.space(spaceId), 'space not found');
    return { space: copy, role: (await this.access.rolesOn([copy], await scope.callerFacts())).get(spaceId)! };
  }

  /** The live pages and files under new ids (derived from the copy's id, so replays agree), with their bodies. */
  private async copyOf(live: RevisionContent, spaceId: string): Promise<{ changes: TreeChange[]; files: FileNode[] }> {
    const newId = (id: string) => idFromSeed(`${spaceId}:page:${id}`);
    const bodies = await this.trees.bodies([...live.tree.values()].map((p) => p.bodyHash));
    const changes: TreeChange[] = [...live.tree.values()].map((page) => ({
      op: 'insert',
      page: { ...page, id: newId(page.id), parent: page.parent === null ? null : newId(page.parent) },
      markdown: found(bodies.get(page.bodyHash), `body of page ${page.id}`),
    }));
    const files = live.files.map((file) => ({ ...file, id: idFromSeed(`${spaceId}:file:${file.id}`) }));
    return { changes, files };
  }

  /** Every direct grant of the space, by kind. */
  private async grantsOf(spaceId: string): Promise<GrantChanges> {
    const all = async (kind: GrantKind) => {
      const grants = await everyItem((page) => this.spaces.grants(spaceId, kind, page), GRANTS_PAGE);
      return new Map<string, Role | null>(grants.map((grant) => [grant.principalId, grant.role]));
    };
    return { users: await all('user'), teams: await all('team') };
  }
}
