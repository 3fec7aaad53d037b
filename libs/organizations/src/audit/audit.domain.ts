import { DomainEvent } from '@docs/kernel';
import { OrganizationEvent } from '../organizations/organization.decider';
import { SamlProviderEvent } from '../saml/saml.decider';
import { TeamEvent } from '../teams/team.decider';
import { TranslationSettingsEvent } from '../translations/translation.decider';

/**
 * The organization audit trail records events of every context, each context declaring its own in
 * an audit catalog (`AuditCatalog<E>`, exported from its index) that the app composes
 * (`AuditActions`, `auditProjection`). An event's type is a stable string, so it doubles as the
 * audit action id. Only events whose data names the organization can be audited.
 */
export type AuditableEvent = DomainEvent<string, { organizationId: string } | { spaceId: string }>;

export interface AuditedAction<E extends DomainEvent = DomainEvent> {
  readonly label: string;
  /** The resource the event changes: its kind and the data field holding its id. */
  readonly target: { readonly type: string; readonly idField: keyof E['data'] & string };
}

/** One action per audited event type, each naming a field of that event's data. */
export type AuditCatalog<E extends AuditableEvent> = { readonly [K in E['type']]: AuditedAction<Extract<E, { type: K }>> };

/** An action as composed at run time, whatever its event. */
export interface AnyAuditedAction {
  readonly label: string;
  readonly target: { readonly type: string; readonly idField: string };
}

/** A catalog as composed at run time, whatever its events. */
export type AnyAuditCatalog = { readonly [type: string]: AnyAuditedAction };

/** Freezes a catalog into a null-prototype object: looked up with a string from a request, `constructor` finds nothing. */
export const auditCatalog = <E extends AuditableEvent>(actions: AuditCatalog<E>): AuditCatalog<E> =>
  Object.freeze(Object.assign(Object.create(null), actions));

/**
 * The organizations context's audited events: every event that changes an organization. Pings
 * (`MemberSeen`) are activity, not changes, and user events belong to users: neither is audited.
 */
export type AuditedEvent = OrganizationEvent | TeamEvent | SamlProviderEvent | TranslationSettingsEvent;

export const ORGANIZATIONS_AUDIT_CATALOG = auditCatalog<AuditedEvent>({
  OrganizationCreated: { label: 'Organization created', target: { type: 'organization', idField: 'organizationId' } },
  OrganizationSettingsChanged: { label: 'Organization settings changed', target: { type: 'organization', idField: 'organizationId' } },
  MemberJoined: { label: 'Member joined', target: { type: 'member', idField: 'userId' } },
  MemberRoleChanged: { label: 'Member role changed', target: { type: 'member', idField: 'userId' } },
  MemberRemoved: { label: 'Member removed', target: { type: 'member', idField: 'userId' } },
  MemberSsoEnabled: { label: 'Member set as SSO member', target: { type: 'member', idField: 'userId' } },
  LinkInviteCreated: { label: 'Invite link created', target: { type: 'link-invite', idField: 'inviteId' } },
  LinkInviteRoleChanged: { label: 'Invite link role changed', target: { type: 'link-invite', idField: 'inviteId' } },
  LinkInviteDeleted: { label: 'Invite link deleted', target: { type: 'link-invite', idField: 'inviteId' } },
  TeamCreated: { label: 'Team created', target: { type: 'team', idField: 'teamId' } },
  TeamRenamed: { label: 'Team renamed', target: { type: 'team', idField: 'teamId' } },
  TeamDeleted: { label: 'Team deleted', target: { type: 'team', idField: 'teamId' } },
  TeamMemberAdded: { label: 'Team member added', target: { type: 'team', idField: 'teamId' } },
  TeamMemberRoleChanged: { label: 'Team member role changed', target: { type: 'team', idField: 'teamId' } },
  TeamMemberRemoved: { label: 'Team member removed', target: { type: 'team', idField: 'teamId' } },
  SAMLProviderCreated: { label: 'SAML provider created', target: { type: 'saml-provider', idField: 'samlProviderId' } },
  SAMLProviderUpdated: { label: 'SAML provider updated', target: { type: 'saml-provider', idField: 'samlProviderId' } },
  SAMLProviderDeleted: { label: 'SAML provider deleted', target: { type: 'saml-provider', idField: 'samlProviderId' } },
  TranslationSettingsCreated: {
    label: 'Translation settings created',
    target: { type: 'translation-settings', idField: 'translationSettingsId' },
  },
  TranslationSettingsUpdated: {
    label: 'Translation settings updated',
    target: { type: 'translation-settings', idField: 'translationSettingsId' },
  },
  TranslationSettingsDeleted: {
    label: 'Translation settings deleted',
    target: { type: 'translation-settings', idField: 'translationSettingsId' },
  },
});

/**
 * The audited actions of every catalog the app composes, in catalog order. Lookups go through a
 * Map (never a plain object keyed by input). Two catalogs claiming one event type is a wiring
 * mistake and stops the start-up.
 */
export class AuditActions {
  private readonly byType = new Map<string, AnyAuditedAction>();

  constructor(catalogs: readonly AnyAuditCatalog[]) {
    for (const catalog of catalogs) {
      for (const [type, action] of Object.entries(catalog)) {
        if (this.byType.has(type)) throw new Error(`audit catalogs: ${type} is declared twice`);
        this.byType.set(type, action);
      }
    }
  }

  /** The action of an audited event type, or undefined. */
  get(type: string): AnyAuditedAction | undefined {
    return this.byType.get(type);
  }

  /** Every audited event type, in catalog order. */
  types(): string[] {
    return [...this.byType.keys()];
  }

  /** Every action with its id (the event type). */
  list(): { id: string; label: string }[] {
    return [...this.byType].map(([id, { label }]) => ({ id, label }));
  }
}
