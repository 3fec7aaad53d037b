import { Injectable } from '@nestjs/common';
import { found } from '@docs/platform';
import { SiteWriter } from '../sites/site-writer';
import { SiteScope } from '../shared/sites-scope';
import { RedirectCommand } from './redirect.decider';
import { SiteRedirectDoc, SiteRedirectsReadModel } from './redirects.read-model';

/** Writes a redirect command about the scope's site, and reads back the redirects it wrote (read model). */
@Injectable()
export class SiteRedirectWrites {
  constructor(
    private readonly writer: SiteWriter,
    readonly read: SiteRedirectsReadModel,
  ) {}

  /** The redirects the command wrote (created, updated, published), whether it created one, and whether it deleted any. */
  async write(scope: SiteScope, command: RedirectCommand): Promise<{ written: SiteRedirectDoc[]; created: boolean; deleted: boolean }> {
    const { events } = await this.writer.execute(scope.siteId, command, scope);
    const written: SiteRedirectDoc[] = [];
    for (const e of events) {
      if (e.type === 'SiteRedirectCreated' || e.type === 'SiteRedirectUpdated')
        written.push(found(await this.read.redirect(scope.siteId, e.data.redirect.id), 'site redirect not found'));
    }
    return {
      written,
      created: events.some((e) => e.type === 'SiteRedirectCreated'),
      deleted: events.some((e) => e.type === 'SiteRedirectDeleted'),
    };
  }
}
