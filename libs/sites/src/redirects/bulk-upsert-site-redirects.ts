import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@docs/platform';
import { SiteCommand, SiteScope } from '../shared/sites-scope';
import { RedirectCommand } from './redirect.decider';
import { normalisedSource, RedirectDestination } from './redirect.domain';
import { SiteRedirectWrites } from './site-redirect-writes';

/** One item of GitBook's bulk body: publish a draft, or set (or, with a null destination, delete) a live or draft redirect. */
export type BulkRedirectItem =
  | { source: string; intent: 'publish' }
  | { source: string; intent?: 'live' | 'draft'; captureWildcard?: boolean; permanent?: boolean; destination: RedirectDestination | null };

export type BulkRedirectResult = {
  status: 'created' | 'updated' | 'deleted' | 'published' | 'error';
  source: string;
  draft: boolean;
  id?: string;
  error?: string;
};

export class BulkUpsertSiteRedirects extends SiteCommand<{ items: BulkRedirectItem[] }, BulkRedirectResult[]> {}

/** The item's write, with its own idempotency key (`<key>#<index>`): one request's items append apart, so their event ids must differ. */
function itemScope(scope: SiteScope, index: number): SiteScope {
  const key = scope.idempotencyKey;
  return Object.create(scope, { idempotencyKey: { value: key === undefined ? undefined : `${key}#${index}` } }) as SiteScope;
}

/**
 * bulkUpsertSiteRedirects: each item in order, as its own write with the checks of one redirect
 * (loops with the items before it included): an item refused (no such redirect, a loop, the cap)
 * is answered as an error and the others go on, as GitBook's per-item results say.
 */
@CommandHandler(BulkUpsertSiteRedirects)
export class BulkUpsertSiteRedirectsHandler implements ICommandHandler<BulkUpsertSiteRedirects> {
  constructor(private readonly redirects: SiteRedirectWrites) {}

  async execute({ props: { items }, scope }: BulkUpsertSiteRedirects): Promise<BulkRedirectResult[]> {
    await scope.site();
    const results: BulkRedirectResult[] = [];
    for (const [index, item] of items.entries()) {
      const at = itemScope(scope, index);
      const source = normalisedSource(item.source);
      const draft = item.intent === 'draft';
      const command: RedirectCommand =
        item.intent === 'publish'
          ? { type: 'PublishSiteRedirect', source }
          : {
              type: 'UpsertSiteRedirect',
              redirectId: at.createdId('siteRedirect'),
              source,
              draft,
              ...(item.captureWildcard !== undefined ? { captureWildcard: item.captureWildcard } : {}),
              ...(item.permanent !== undefined ? { permanent: item.permanent } : {}),
              destination: item.destination,
            };
      try {
        const { written, created } = await this.redirects.write(at, command);
        const redirect = written[0];
        if (item.intent === 'publish') results.push({ status: 'published', source, draft: false, id: redirect!.id });
        else if (!redirect) results.push({ status: 'deleted', source, draft });
        else results.push({ status: created ? 'created' : 'updated', source, draft, id: redirect.id });
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind === 'forbidden') throw error;
        results.push({ status: 'error', source, draft, error: error.message });
      }
    }
    return results;
  }
}
