import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { Invitee, organizationDecider, organizationStream } from '../domain/organization';
import { RoleOrGuest } from '../domain/roles';
import { userDecider, userIdForEmail, userStream } from '../domain/user';
import { OrganizationAccess } from './organization-access';

export interface InvitedEmail {
  email: string;
  /** undefined: the request's `role`, else the organization's default role (null: guest). */
  role?: RoleOrGuest;
}

export interface InviteResult {
  /** Ids of the users who became members (people already members are left as they are). */
  users: string[];
  invited: number;
}

export class InviteMembers extends Command<InviteResult> {
  constructor(
    readonly organizationId: string,
    readonly emails: InvitedEmail[],
    readonly role: RoleOrGuest | undefined,
    readonly sso: boolean,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/**
 * POST /v1/orgs/{organizationId}/invites: admins add people by e-mail address. An address nobody
 * uses yet registers a user (ids derive from the address); each person not yet a member joins with
 * their role. There is no pending state: invited people are members at once.
 */
@CommandHandler(InviteMembers)
export class InviteMembersHandler implements ICommandHandler<InviteMembers> {
  constructor(
    private readonly events: EventStore,
    private readonly access: OrganizationAccess,
    private readonly consistency: Consistency,
  ) {}

  async execute({ organizationId, emails, role, sso, ctx }: InviteMembers): Promise<InviteResult> {
    // Checked before any user is registered, so a non-admin creates nothing; the decider checks again.
    await this.access.requireAdmin(organizationId, ctx.actor);
    let position: bigint | null = null;
    const types = new Set<string>();
    const invitees: Invitee[] = [];
    for (const { email, role: own } of emails) {
      const userId = userIdForEmail(email);
      const registered = await handleCommand(this.events, userStream(userId), userDecider, { type: 'RegisterUser', userId, email, displayName: '' }, ctx);
      if (registered.position !== null) position = registered.position;
      registered.events.forEach((e) => types.add(e.type));
      invitees.push({ userId, ...(own !== undefined ? { role: own } : {}) });
    }
    const joined = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'InviteMembers', organizationId, actorId: ctx.actor, invitees, ...(role !== undefined ? { role } : {}), sso },
      ctx,
    );
    if (joined.position !== null) position = joined.position;
    joined.events.forEach((e) => types.add(e.type));
    await this.consistency.waitForEvents(position, [...types]);
    const users = joined.events.filter((e) => e.type === 'MemberJoined').map((e) => e.data.userId as string);
    return { users, invited: users.length };
  }
}
