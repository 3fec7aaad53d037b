import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Invitee } from '../organizations/organization.decider';
import { RoleOrGuest } from '../shared/roles.domain';
import { userIdForEmail } from '../users/user.decider';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';
import { UserWriter } from '../users/user-writer';

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

export class InviteMembers extends OrganizationCommand<
  {
    emails: InvitedEmail[];
    /** Role of the invitees whose entry names none; undefined: the organization's default. */
    role?: RoleOrGuest;
    sso: boolean;
  },
  InviteResult
> {}

/**
 * POST /v1/orgs/{organizationId}/invites: admins add people by e-mail address. An address nobody
 * uses yet registers a user (ids derive from the address); each person not yet a member joins with
 * their role. There is no pending state: invited people are members at once.
 */
@CommandHandler(InviteMembers)
export class InviteMembersHandler implements ICommandHandler<InviteMembers> {
  constructor(
    private readonly users: UserWriter,
    private readonly organizations: OrganizationWriter,
  ) {}

  async execute({ props: { emails, role, sso }, scope }: InviteMembers): Promise<InviteResult> {
    // Checked before any user is registered, so a non-admin creates nothing; the decider checks again.
    await scope.requireAdmin();
    const invitees: Invitee[] = emails.map(({ email, role: own }) => ({
      userId: userIdForEmail(email),
      ...(own !== undefined ? { role: own } : {}),
    }));
    const registrations = emails.map(({ email }, i) => {
      const userId = invitees[i]!.userId;
      return { id: userId, command: { type: 'RegisterUser' as const, userId, email, displayName: '' } };
    });
    await this.users.executeEach(registrations, scope);
    const { events } = await this.organizations.executeIn(
      { type: 'InviteMembers', invitees, ...(role !== undefined ? { role } : {}), sso },
      scope,
    );
    const users = events.flatMap((e) => (e.type === 'MemberJoined' ? [e.data.userId] : []));
    return { users, invited: users.length };
  }
}
