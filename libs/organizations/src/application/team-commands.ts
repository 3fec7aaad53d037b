import { Injectable } from '@nestjs/common';
import { CommandContext, Consistency, EventStore, forbidden, handleCommand, notFound, ReadModels } from '@docs/platform';
import { OrgFacts, TeamCommand, teamDecider, teamStream } from '../domain/team';
import { MemberDoc, memberDocId } from '../projections/read-model-types';
import { TeamDoc } from '../projections/teams.projection';
import { OrganizationAccess } from './organization-access';

/** Projections behind the teams endpoints (write endpoints wait for them). */
export const TEAM_PROJECTIONS = ['teams'];

type CommandWithoutFacts = TeamCommand extends infer C ? (C extends TeamCommand ? Omit<C, 'facts'> : never) : never;

/**
 * Runs team commands: looks up the organization facts the decider needs (is the actor an admin,
 * which mentioned users are organization members and since when), decides and appends to the
 * team's stream, then waits until the teams read model shows the change.
 */
@Injectable()
export class TeamCommands {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
    private readonly access: OrganizationAccess,
  ) {}

  async facts(organizationId: string, actorId: string, mentioned: Iterable<string>): Promise<OrgFacts> {
    const { member: actor } = await this.access.requireMember(organizationId, actorId);
    const ids = [...new Set(mentioned)];
    const members = await this.readModels.getMany<MemberDoc>('members', ids.map((id) => memberDocId(organizationId, id)));
    const orgMembers = new Map<string, string>([[actorId, actor.joinedAt], ...members.map((m): [string, string] => [m.userId, m.joinedAt])]);
    return { actorId, actorIsAdmin: actor.role === 'admin', orgMembers };
  }

  async run(teamId: string, command: CommandWithoutFacts, mentioned: Iterable<string>, ctx: CommandContext): Promise<void> {
    const facts = await this.facts(command.organizationId, ctx.actor, mentioned);
    const { position } = await handleCommand(this.events, teamStream(teamId), teamDecider, { ...command, facts } as TeamCommand, ctx);
    await this.consistency.waitFor(position, TEAM_PROJECTIONS);
  }
}

/** Read-side access to teams: members with a role may read them; guests get 403, non-members 404. */
@Injectable()
export class TeamReadAccess {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async requireReader(organizationId: string, userId: string): Promise<MemberDoc> {
    const { member } = await this.access.requireMember(organizationId, userId);
    if (member.role === null) throw forbidden('guests cannot list the teams of the organization');
    return member;
  }

  async requireMemberOrGuest(organizationId: string, userId: string): Promise<MemberDoc> {
    return (await this.access.requireMember(organizationId, userId)).member;
  }

  async requireTeam(organizationId: string, teamId: string): Promise<TeamDoc> {
    const team = await this.readModels.get<TeamDoc>('teams', teamId);
    if (!team || team.organizationId !== organizationId) throw notFound('team not found');
    return team;
  }
}
