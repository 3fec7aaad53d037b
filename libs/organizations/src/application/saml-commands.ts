import { Injectable } from '@nestjs/common';
import { CommandContext, Consistency, EventStore, handleCommand, notFound, ReadModels } from '@docs/platform';
import { SamlProviderCommand, samlProviderDecider, samlProviderStream } from '../domain/saml';
import { SamlProviderDoc } from '../projections/saml.projection';
import { TeamDoc } from '../projections/teams.read-model';
import { OrganizationAccess } from './organization-access';

/** Projections behind the SAML endpoints (providers, and the teams presented as `defaultTeam`). */
export const SAML_PROJECTIONS = ['saml', 'teams'];

type CommandWithoutFacts = SamlProviderCommand extends infer C ? (C extends SamlProviderCommand ? Omit<C, 'facts'> : never) : never;

/** Looks up what the SAML decider needs, decides, appends, and waits for the read model. */
@Injectable()
export class SamlCommands {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
    private readonly access: OrganizationAccess,
  ) {}

  async run(samlProviderId: string, command: CommandWithoutFacts, defaultTeam: string | null | undefined, ctx: CommandContext): Promise<void> {
    const { member } = await this.access.requireMember(command.organizationId, ctx.actor);
    let defaultTeamExists = false;
    if (typeof defaultTeam === 'string') {
      const team = await this.readModels.get<TeamDoc>('teams', defaultTeam);
      defaultTeamExists = team !== null && team.organizationId === command.organizationId;
    }
    const facts = { actorIsAdmin: member.role === 'admin', defaultTeamExists };
    const { position } = await handleCommand(
      this.events,
      samlProviderStream(samlProviderId),
      samlProviderDecider,
      { ...command, facts } as SamlProviderCommand,
      ctx,
    );
    await this.consistency.waitFor(position, SAML_PROJECTIONS);
  }
}

/** Only organization admins see SAML providers; members get 403, anyone else 404. */
@Injectable()
export class SamlReadAccess {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async requireAdmin(organizationId: string, userId: string) {
    return (await this.access.requireAdmin(organizationId, userId)).member;
  }

  /** The teams named as `defaultTeam` by these providers, by id. */
  async defaultTeams(providers: SamlProviderDoc[]): Promise<Map<string, TeamDoc>> {
    const ids = [...new Set(providers.flatMap((p) => (p.defaultTeam ? [p.defaultTeam] : [])))];
    const teams = ids.length ? await this.readModels.getMany<TeamDoc>('teams', ids) : [];
    return new Map(teams.map((t) => [t.id, t]));
  }

  async requireProvider(organizationId: string, samlProviderId: string): Promise<SamlProviderDoc> {
    const provider = await this.readModels.get<SamlProviderDoc>('saml_providers', samlProviderId);
    if (!provider || provider.organizationId !== organizationId) throw notFound('SAML provider not found');
    return provider;
  }
}
