import { EventData, RecordedEvent } from './event-store';

/**
 * Turns a stored event of `type` at `fromVersion` into the next schema version.
 * A published event's meaning never changes: a new shape gets a new schemaVersion and an upcaster.
 */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: EventData): EventData;
}

export class UpcasterRegistry {
  private readonly byType = new Map<string, Map<number, Upcaster>>();

  constructor(upcasters: Upcaster[] = []) {
    for (const u of upcasters) this.register(u);
  }

  register(upcaster: Upcaster): void {
    const versions = this.byType.get(upcaster.type) ?? new Map<number, Upcaster>();
    if (versions.has(upcaster.fromVersion)) {
      throw new Error(`two upcasters for ${upcaster.type} v${upcaster.fromVersion}`);
    }
    versions.set(upcaster.fromVersion, upcaster);
    this.byType.set(upcaster.type, versions);
  }

  /** Applies the chain of upcasters from the event's version to the newest known one. */
  apply<T extends RecordedEvent>(event: T): T {
    const versions = this.byType.get(event.type);
    if (!versions) return event;
    let { data } = event;
    let version = event.metadata.schemaVersion;
    for (let step = versions.get(version); step; step = versions.get(version)) {
      data = step.upcast(data);
      version += 1;
    }
    if (version === event.metadata.schemaVersion) return event;
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
  }
}
