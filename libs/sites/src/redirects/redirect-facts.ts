import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import type { SiteState } from '../sites/site.decider';
import { hostedSiteUrl } from '../shared/hosted-site-url';
import type { SiteDoc } from '../sites/sites.read-model';
import { liveChanges, RedirectCommand, RedirectFacts, REDIRECT_COMMANDS, sourceOf, startOf } from './redirect.decider';
import { followFrom, MAX_REDIRECT_HOPS, SiteRedirectEntry } from './redirect.domain';
import { entryOf, SiteRedirectsReadModel } from './redirects.read-model';

export const isRedirectCommand = (command: { type: string }): command is RedirectCommand => REDIRECT_COMMANDS.has(command.type);

/**
 * The URLs a reader reaches the site at (no trailing slash): its proxy, its custom hostname, and
 * where this server hosts it (as SitesPresenter's published URL). An external redirect under one
 * of them sends the reader back into the site.
 */
export function siteBases(site: SiteDoc, publicUrl: string): string[] {
  const { settings } = site.state as SiteState;
  return [
    ...(settings.proxy !== null ? [`https://${settings.proxy}`] : []),
    ...(settings.hostname !== null ? [`https://${settings.hostname}`] : []),
    hostedSiteUrl(site, publicUrl),
  ];
}

/**
 * Looks up what a redirect decision needs (RedirectFacts): the redirects the command names, the
 * site's count, and the stored live redirects along the way from each redirect it makes live,
 * asked for path by path as the walk reaches them (at most MAX_REDIRECT_HOPS + 1 lookups each,
 * one indexed read apiece).
 */
@Injectable()
export class RedirectFactsReader {
  constructor(
    private readonly redirects: SiteRedirectsReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async of(site: SiteDoc, command: RedirectCommand): Promise<RedirectFacts> {
    const named = command.type === 'UpdateSiteRedirect' || command.type === 'DeleteSiteRedirect' ? command.redirectId : null;
    const byIdDoc = named === null ? null : await this.redirects.redirect(site.id, named);
    const byId = byIdDoc && entryOf(byIdDoc);
    const source = sourceOf(command, byId);
    const at = async (draft: boolean) => {
      const doc = source === null ? null : await this.redirects.atSource(site.id, source, draft);
      return doc && entryOf(doc);
    };
    const base = {
      count: await this.redirects.count(site.id),
      byId,
      live: await at(false),
      draft: await at(true),
      bases: siteBases(site, this.config.publicUrl),
    };
    const stored = new Map<string, SiteRedirectEntry[]>();
    let changed: ReturnType<typeof liveChanges>;
    try {
      changed = liveChanges(command, base);
    } catch {
      return { ...base, stored }; // refused before any walk: the decider says why
    }
    for (const [from, redirect] of changed) {
      if (!redirect) continue;
      for (let lookups = 0; lookups <= MAX_REDIRECT_HOPS + 1; lookups++) {
        const check = followFrom(startOf(from), { stored, changed, bases: base.bases });
        if (!('missing' in check)) break;
        stored.set(check.missing, (await this.redirects.candidates(site.id, check.missing)).map(entryOf));
      }
    }
    return { ...base, stored };
  }
}
