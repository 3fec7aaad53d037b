import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MovePosition, StructureItemRef } from '../sites/site.decider';
import { StructureItemView } from '../shared/site-views';
import { SiteCommand } from '../shared/sites-scope';
import { StructureWrite } from '../shared/structure-write';

/**
 * The position a deprecated move route names (before or after a sibling of the same type, each
 * pointer naming its item by `key`: `siteSpace`, `siteSection`) as the structure's.
 */
export function legacyPosition<K extends string>(
  type: StructureItemRef['type'],
  key: K,
  position: { before?: Record<K, string>; after?: Record<K, string> } | undefined,
): MovePosition {
  const { before, after } = position ?? {};
  return { ...(before ? { before: { type, id: before[key] } } : {}), ...(after ? { after: { type, id: after[key] } } : {}) };
}

export class SortSiteStructure extends SiteCommand<{ item: StructureItemRef; position: MovePosition }, StructureItemView> {}

/**
 * sortSiteStructure, and the deprecated moveSiteSpace, moveSiteSection and moveSiteSectionGroup:
 * an item goes before or after a sibling, or to the end of its level.
 */
@CommandHandler(SortSiteStructure)
export class SortSiteStructureHandler extends StructureWrite implements ICommandHandler<SortSiteStructure> {
  async execute({ props: { item, position }, scope }: SortSiteStructure): Promise<StructureItemView> {
    return this.views.item(scope, await this.writer.write(scope, { type: 'MoveSiteStructureItem', item, position }), item);
  }
}
