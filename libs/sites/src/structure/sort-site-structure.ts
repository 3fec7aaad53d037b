import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MovePosition, StructureItemRef } from '../sites/site.decider';
import { SiteViews, StructureItemView } from '../shared/site-views';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from '../shared/sites-scope';

export class SortSiteStructure extends SiteCommand<{ item: StructureItemRef; position: MovePosition }, StructureItemView> {}

/**
 * sortSiteStructure, and the deprecated moveSiteSpace, moveSiteSection and moveSiteSectionGroup:
 * an item goes before or after a sibling, or to the end of its level.
 */
@CommandHandler(SortSiteStructure)
export class SortSiteStructureHandler implements ICommandHandler<SortSiteStructure> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly views: SiteViews,
  ) {}

  async execute({ props: { item, position }, scope }: SortSiteStructure): Promise<StructureItemView> {
    return this.views.item(scope, await this.writer.write(scope, { type: 'MoveSiteStructureItem', item, position }), item);
  }
}
