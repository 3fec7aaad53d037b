import { DomainEvent, Recorded } from '@docs/kernel';
import { CollectionSpec } from '../read-store/read-store';
import { Projection, ProjectionWriter } from './projection';

type Handler<E extends DomainEvent> = (event: Recorded<E>, writer: ProjectionWriter) => void | Promise<void>;

/** One handler per event type the projection follows, each typed with its own event. */
export type EventHandlers<E extends DomainEvent> = { readonly [K in E['type']]?: Handler<Extract<E, { type: K }>> };

/** The same handler for each of `types`: a projection that treats a family of events alike (a site's stream, the webhook catalogue). */
export function handleEach<E extends DomainEvent>(types: readonly E['type'][], handler: Handler<E>): EventHandlers<E> {
  return Object.fromEntries(types.map((type) => [type, handler])) as unknown as EventHandlers<E>;
}

export interface ProjectionDefinition<E extends DomainEvent> {
  name: string;
  /** Bump when the documents' shape changes: the new version rebuilds from the start of the log. */
  version: number;
  /** The read models it writes (it is their only writer). */
  collections: CollectionSpec[];
  /** See Projection.applyReadsByIdOnly. */
  applyReadsByIdOnly?: boolean;
  on: EventHandlers<E>;
}

/**
 * A projection typed over the events it follows (its own context's union, plus any other
 * context's events it consumes): `handles` is exactly the keys of `on`, so the projections a
 * write waits for (derived from `handles`) can never drift from what `apply` does.
 */
export function defineProjection<E extends DomainEvent>(definition: ProjectionDefinition<E>): Projection {
  const handlers = new Map(Object.entries(definition.on) as [string, Handler<E>][]);
  return {
    name: definition.name,
    version: definition.version,
    collections: definition.collections,
    handles: [...handlers.keys()],
    ...(definition.applyReadsByIdOnly ? { applyReadsByIdOnly: true } : {}),
    async apply(event, writer) {
      await handlers.get(event.type)?.(event as unknown as Recorded<E>, writer);
    },
  };
}
