import { AnyAuditCatalog, AnyAuditedAction } from '@docs/kernel';

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
