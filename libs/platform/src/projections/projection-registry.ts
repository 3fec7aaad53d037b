import { Projection } from './projection';

/** Every projection of the application, by name, and which projection owns each logical collection. */
export class ProjectionRegistry {
  private readonly byName = new Map<string, Projection>();
  private readonly byCollection = new Map<string, Projection>();

  constructor(projections: Projection[]) {
    for (const projection of projections) {
      if (this.byName.has(projection.name)) throw new Error(`two projections named ${projection.name}`);
      this.byName.set(projection.name, projection);
      for (const collection of projection.collections) {
        const owner = this.byCollection.get(collection.name);
        if (owner) throw new Error(`collection ${collection.name} written by ${owner.name} and ${projection.name}`);
        this.byCollection.set(collection.name, projection);
      }
    }
  }

  all(): Projection[] {
    return [...this.byName.values()];
  }

  get(name: string): Projection {
    const projection = this.byName.get(name);
    if (!projection) throw new Error(`unknown projection ${name}; known: ${[...this.byName.keys()].join(', ')}`);
    return projection;
  }

  ownerOf(collection: string): Projection {
    const projection = this.byCollection.get(collection);
    if (!projection) throw new Error(`no projection writes collection ${collection}`);
    return projection;
  }
}
