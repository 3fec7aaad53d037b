import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { SiteCommand as SiteDecision } from '../sites/site.decider';
import { SiteWriter } from '../sites/site-writer';
import { SiteCommand } from './sites-scope';

/**
 * A write about the scope's site that answers nothing: the deletions (site, site space, section,
 * section group, share link) and a section leaving its group. They differ only in the decider's
 * command the route names, so one use case serves them all; what each decides is the decider's.
 */
export class WriteSite extends SiteCommand<{ command: SiteDecision }> {}

@CommandHandler(WriteSite)
export class WriteSiteHandler implements ICommandHandler<WriteSite> {
  constructor(private readonly writer: SiteWriter) {}

  async execute({ props: { command }, scope }: WriteSite): Promise<void> {
    await this.writer.execute(scope.siteId, command, scope);
  }
}
