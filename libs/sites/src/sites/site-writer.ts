import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform';
import { ContentDirectory } from '@docs/content';
import { CheckedField, siteAggregate, SiteCommand, SiteEvent, SiteFacts, SiteState, SpaceFact } from './site.decider';
import { SiteDoc, SitesReadModel } from './sites.read-model';
import { adaptiveSchemaProblem } from '../adaptive-content/adaptive-schema-check';
import { conditionProblem } from '../adaptive-content/condition-grammar';
import { SiteScope, SitesContext } from '../shared/sites-scope';
import { isRedirectCommand, RedirectFactsReader } from '../redirects/redirect-facts';

/** The spaces a command names. */
function spacesOf(command: SiteCommand): string[] {
  switch (command.type) {
    case 'CreateSite':
      return command.spaces.map((s) => s.spaceId);
    case 'AddSpaceToSite':
    case 'AddSectionToSite':
      return [command.spaceId];
    case 'UpdateSiteSpace':
      return command.spaceId !== undefined ? [command.spaceId] : [];
    default:
      return [];
  }
}

/**
 * What the condition grammar (jsep) and the JSON Schema validator (ajv) find wrong with the
 * command's condition and adaptive schema, by field: checked at write time, refused by the decider.
 */
function rejectedInput(command: SiteCommand): Map<CheckedField, string> {
  const rejected = new Map<CheckedField, string>();
  if ((command.type === 'UpdateSiteSpace' || command.type === 'UpdateSiteSection') && typeof command.condition === 'string') {
    const problem = conditionProblem(command.condition);
    if (problem !== null) rejected.set('condition', problem);
  }
  if (command.type === 'UpdateSiteAdaptiveSchema') {
    const problem = adaptiveSchemaProblem(command.jsonSchema);
    if (problem !== null) rejected.set('jsonSchema', problem);
  }
  return rejected;
}

/**
 * Writes sites, in the request's organization (or site) scope. Every decision gets the caller's
 * organization role, the site spaces the read model dropped because their space went, and the
 * spaces the command names as the caller sees them through content's ContentDirectory (null: not
 * visible to the caller, not active, or of another organization), and what the checkers found
 * wrong with its condition or adaptive schema.
 */
@Injectable()
export class SiteWriter extends AggregateWriter<SiteState, SiteCommand, SiteEvent, SiteFacts, SitesContext> {
  constructor(
    kit: WriteKit,
    private readonly content: ContentDirectory,
    private readonly sites: SitesReadModel,
    private readonly redirectFacts: RedirectFactsReader,
  ) {
    super(kit, siteAggregate);
  }

  /** A hostname is unique among all sites, a basename within the organization: claimants are decided one after the other. */
  protected override exclusiveKeys(siteId: string, command: SiteCommand, ctx: SitesContext): string[] {
    // A redirect's facts (its source free, no loop) come from the redirects read model: one write at a time, until projected.
    if (isRedirectCommand(command)) return [`site-redirects:${siteId}`];
    if (command.type !== 'UpdateSite') return [];
    const { hostname, basename } = command.changes;
    return [
      ...(typeof hostname === 'string' ? [`site-hostname:${hostname}`] : []),
      ...(typeof basename === 'string' ? [`site-basename:${ctx.organizationId}:${basename}`] : []),
    ];
  }

  protected override async facts(siteId: string, command: SiteCommand, ctx: SitesContext): Promise<SiteFacts> {
    const { role } = await ctx.member();
    const spaces = new Map<string, SpaceFact>();
    for (const spaceId of new Set(spacesOf(command))) {
      const view = await this.content.spaceFor(spaceId, ctx.actor);
      const doc = view && view.organizationId === ctx.organizationId ? await this.sites.contentSpace(spaceId) : null;
      spaces.set(spaceId, doc ? { title: doc.title } : null);
    }
    const site = command.type === 'CreateSite' ? null : await this.sites.site(ctx.organizationId, siteId);
    const facts: SiteFacts = {
      actor: ctx.actor,
      organizationId: ctx.organizationId,
      role,
      spaces,
      dropped: site?.pendingDrops ?? [],
      rejected: rejectedInput(command),
    };
    if (isRedirectCommand(command)) return site ? { ...facts, redirects: await this.redirectFacts.of(site, command) } : facts;
    if (command.type !== 'UpdateSite') return facts;
    // Read-model checks; exclusiveKeys makes requests for the same name wait for each other's projection.
    const { hostname, basename } = command.changes;
    return {
      ...facts,
      taken: {
        hostname: typeof hostname === 'string' && (await this.sites.hostnameTaken(hostname, siteId)),
        basename: typeof basename === 'string' && (await this.sites.basenameTaken(ctx.organizationId, basename, siteId)),
      },
    };
  }

  /** Decides and writes a command about the scope's site, then answers the site as the write left it (read models). */
  async write(scope: SiteScope, command: SiteCommand): Promise<SiteDoc> {
    await this.execute(scope.siteId, command, scope);
    scope.refresh();
    return scope.site();
  }
}
