import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { NO_MERGE_RULES } from '@docs/kernel';
import { OrganizationView } from './get-organization';
import { MemberView } from '../members/member-views';
import { linkInviteIsRedundant } from '../invites/invite.policy';
import { organizationPermissions } from './organization.policy';
import { LinkInviteDoc, MemberDoc } from './organizations.read-model';
import { UserDoc } from '../users/users.read-model';
import { LinkInviteResponse, MemberResponse, OrganizationResponse, UserResponse } from '../responses';

const FREE = { monthly: 0, yearly: 0 };

/**
 * A self-hosted server bills nobody: the billing object GitBook clients expect says so (no payment
 * failed, nothing to check out, every price zero, SAML allowed).
 */
const SELF_HOSTED_BILLING = {
  interval: 'monthly' as const,
  endDate: null,
  hasPaymentFailed: false,
  canCheckout: false,
  isScheduledToCancel: false,
  pricing: { members: { plus_2024: FREE, pro_2024: FREE }, sites: { premium: FREE, ultimate: FREE } },
  usageAddons: {},
  canChangeInterval: false,
  canUseSAML: true,
  creditsBundle: null,
  aiCreditAlertThreshold: null,
};

/** Turns read-model documents into GitBook API objects, with URLs and caller permissions. No I/O: the use cases read everything. */
@Injectable()
export class OrganizationsPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  user(user: Pick<UserDoc, 'id' | 'displayName' | 'email' | 'photoURL'>): UserResponse {
    return {
      object: 'user' as const,
      id: user.id,
      displayName: user.displayName,
      email: user.email,
      ...(user.photoURL ? { photoURL: user.photoURL } : {}),
      urls: { location: `${this.config.publicUrl}/v1/users/${user.id}` },
    };
  }

  /** `caller` is the caller's membership (null when the caller is not a member). */
  organization({ organization: org, ownsTeam }: OrganizationView, caller: MemberDoc | null): OrganizationResponse {
    const isMember = caller !== null && !caller.disabled;
    const permissions = organizationPermissions({ role: isMember ? caller.role : undefined, ownsTeam });
    return {
      object: 'organization' as const,
      id: org.id,
      title: org.title,
      createdAt: org.createdAt,
      emailDomains: org.emailDomains,
      ...(org.hostname ? { hostname: org.hostname } : {}),
      type: org.type,
      ...(org.useCase ? { useCase: org.useCase } : {}),
      ...(org.communityType ? { communityType: org.communityType } : {}),
      defaultRole: org.defaultRole ?? null,
      ...(org.defaultContent ? { defaultContent: org.defaultContent } : {}),
      sso: org.sso,
      ai: org.ai,
      inviteLinks: org.inviteLinks,
      auditLogs: permissions.admin,
      plan: org.plan,
      ...(isMember ? { billing: SELF_HOSTED_BILLING } : {}),
      mergeRules: org.mergeRules ?? NO_MERGE_RULES,
      urls: {
        location: `${this.config.publicUrl}/v1/orgs/${org.id}`,
        app: `${this.config.appUrl}/o/${org.id}`,
        ...(org.logo ? { logo: org.logo } : {}),
      },
      trial: { status: 'notapplicable' as const, count: 0 },
      internal_isOnNewTrial: true,
      permissions,
    };
  }

  /** GitBook's OrganizationMember; `teams` and `spaces` are counted by MemberViews. */
  member({ member, teams, spaces }: MemberView): MemberResponse {
    return {
      object: 'member' as const,
      id: member.userId,
      role: member.role,
      user: this.user({ id: member.userId, displayName: member.displayName, email: member.email, photoURL: member.photoURL }),
      disabled: member.disabled,
      joinedAt: member.joinedAt,
      ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
      sso: member.sso,
      spaces,
      teams,
      sites: member.sites,
    };
  }

  /**
   * GitBook's InviteLinkToOrganization. `redundant`: the caller already holds everything the
   * invite grants (a member whose role is at least the invite's; any member for a guest invite).
   */
  linkInvite(invite: LinkInviteDoc, caller: MemberDoc | null): LinkInviteResponse {
    const redundant = linkInviteIsRedundant(caller !== null && !caller.disabled ? caller.role : undefined, invite.role);
    return { object: 'invite' as const, id: invite.id, role: invite.role, redundant };
  }
}
