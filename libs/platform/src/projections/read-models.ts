import { Doc, FindQuery, FindResult } from '../read-store/query';
import { physicalCollection, ReadStore } from '../read-store/read-store';
import { EventLoopBudget } from './event-loop-budget';
import { ProjectionRegistry } from './projection-registry';
import { collectionName, CollectionRef } from './read-model';

const GENERATION_TTL_MS = 1000;

/**
 * The query side's view of the read store: logical collection names, resolved to the physical
 * collection of the owning projection's current version and generation. The generation is re-read
 * at most every second, so a replay's swap reaches every API process (the old copy is dropped later).
 * Lists take turns on the event loop (EventLoopBudget), so a burst of them cannot starve other
 * requests; point reads are microseconds and go straight through.
 */
export class ReadModels {
  private readonly generations = new Map<string, { generation: number; at: number }>();

  constructor(
    private readonly store: ReadStore,
    private readonly registry: ProjectionRegistry,
    private readonly budget: EventLoopBudget = new EventLoopBudget(),
  ) {}

  async physical(ref: CollectionRef<Doc>): Promise<string> {
    const collection = collectionName(ref);
    const projection = this.registry.ownerOf(collection);
    const cached = this.generations.get(projection.name);
    const now = Date.now();
    let generation = cached?.generation ?? 0;
    if (!cached || now - cached.at > GENERATION_TTL_MS) {
      const state = await this.store.getProjectionState(projection.name);
      generation = state && state.version === projection.version ? state.generation : 0;
      this.generations.set(projection.name, { generation, at: now });
    }
    return physicalCollection(collection, projection.version, generation);
  }

  async get<T extends Doc>(collection: CollectionRef<T>, id: string): Promise<T | null> {
    return this.store.get<T>(await this.physical(collection), id);
  }

  async getMany<T extends Doc>(collection: CollectionRef<T>, ids: string[]): Promise<T[]> {
    return this.store.getMany<T>(await this.physical(collection), ids);
  }

  async find<T extends Doc>(collection: CollectionRef<T>, query: FindQuery): Promise<FindResult<T>> {
    await this.budget.turn();
    return this.store.find<T>(await this.physical(collection), query);
  }

  async count(collection: CollectionRef<Doc>, query: Pick<FindQuery, 'where'>): Promise<number> {
    await this.budget.turn();
    return this.store.count(await this.physical(collection), query);
  }
}
