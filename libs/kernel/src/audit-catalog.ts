import { DomainEvent } from './decider';

/**
 * The organization audit trail records events of every context, each context declaring its own in
 * an audit catalog (`AuditCatalog<E>`) that the app composes. An event's type is a stable string,
 * so it doubles as the audit action id. Only events whose data names the organization, or the space
 * it happened in, can be audited.
 */
export type AuditableEvent = DomainEvent<string, { organizationId: string } | { spaceId: string }>;

/** The resource an audited event changes: its kind and the data field holding its id. */
export interface AuditTarget<F extends string = string> {
  readonly type: string;
  readonly idField: F;
}

export interface AuditedAction<E extends DomainEvent = DomainEvent> {
  readonly label: string;
  readonly target: AuditTarget<keyof E['data'] & string>;
}

/** One action per audited event type, each naming a field of that event's data. */
export type AuditCatalog<E extends AuditableEvent> = { readonly [K in E['type']]: AuditedAction<Extract<E, { type: K }>> };

/** An action as composed at run time, whatever its event. */
export interface AnyAuditedAction {
  readonly label: string;
  readonly target: AuditTarget;
}

/** A catalog as composed at run time, whatever its events. */
export type AnyAuditCatalog = { readonly [type: string]: AnyAuditedAction };

/** The actions of events that change one kind of resource, each with the target `target`. */
export type AuditedActions<F extends string, T extends string> = {
  readonly [K in T]: { readonly label: string; readonly target: AuditTarget<F> };
};

/** The actions of events that change one kind of resource (see auditedOn), limited to the catalog's event types. */
export interface AuditedOn<Known extends string> {
  <const F extends string, const T extends Known>(
    target: AuditTarget<F>,
    types: readonly T[],
    labels?: { readonly [K in T]?: string },
  ): AuditedActions<F, T>;
  <const F extends string, const T extends Known>(target: AuditTarget<F>, labels: { readonly [K in T]: string }): AuditedActions<F, T>;
}

/**
 * Freezes a catalog into a null-prototype object: looked up with a string from a request,
 * `constructor` finds nothing. Given a function, builds the catalog from groups of events by the
 * resource they change (`on`, i.e. auditedOn, knowing only the catalog's event types):
 *
 *     auditCatalog<CommentEvent>((on) => ({
 *       ...on({ type: 'comment', idField: 'commentId' }, ['CommentPosted', 'CommentEdited']),
 *     }))
 */
export function auditCatalog<E extends AuditableEvent>(
  actions: AuditCatalog<E> | ((on: AuditedOn<E['type']>) => AuditCatalog<E>),
): AuditCatalog<E> {
  const built = typeof actions === 'function' ? actions(auditedOn) : actions;
  return Object.freeze(Object.assign(Object.create(null), built));
}

/**
 * The actions of events that change one kind of resource: each labelled from its type
 * (`SiteSpaceAdded` → "Site space added", acronyms kept: `SAMLProviderCreated` → "SAML provider
 * created"), unless `labels` gives it another label. Given only labels (event type to label), the
 * actions of those events, labelled so.
 */
export function auditedOn<const F extends string, const T extends string>(
  target: AuditTarget<F>,
  types: readonly T[],
  labels?: { readonly [K in T]?: string },
): AuditedActions<F, T>;
export function auditedOn<const F extends string, const T extends string>(
  target: AuditTarget<F>,
  labels: { readonly [K in T]: string },
): AuditedActions<F, T>;
export function auditedOn(
  target: AuditTarget,
  typesOrLabels: readonly string[] | { readonly [type: string]: string | undefined },
  labels: { readonly [type: string]: string | undefined } = {},
): AuditedActions<string, string> {
  const given = Array.isArray(typesOrLabels) ? labels : typesOrLabels;
  const types: readonly string[] = Array.isArray(typesOrLabels) ? typesOrLabels : Object.keys(typesOrLabels);
  const labelOf = new Map<string, string | undefined>(Object.entries(given));
  const actions = Object.create(null) as { [type: string]: { label: string; target: AuditTarget } };
  for (const type of types) actions[type] = { label: labelOf.get(type) ?? labelFromType(type), target };
  return actions;
}

/** `SiteSpaceAdded` → "Site space added"; words in capitals (`SAML`, `API`) stay as they are. */
export function labelFromType(type: string): string {
  const words = type.match(/[A-Z]+(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [type];
  return words.map((word, i) => (i === 0 || /^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
}
