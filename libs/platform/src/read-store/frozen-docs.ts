import { Doc } from './query';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Parsed documents by collection and id (null: known to be absent), at most `capacity` of them,
 * the oldest going first. Documents are deep-frozen on the way in, because every caller shares
 * them: code that wants a changed document builds a new one.
 */
export class FrozenDocs {
  private readonly collections = new Map<string, Map<string, Doc | null>>();
  private size = 0;

  constructor(private readonly capacity: number) {}

  /** The document, null when known to be absent, undefined when not kept. */
  get<T extends Doc>(collection: string, id: string): T | null | undefined {
    return this.collections.get(collection)?.get(id) as T | null | undefined;
  }

  put<T extends Doc>(collection: string, id: string, doc: T | null): T | null {
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map()));
    if (!docs.has(id)) {
      if (this.size >= this.capacity) this.evictOne();
      this.size++;
    }
    docs.set(id, deepFreeze(doc));
    return doc;
  }

  /** Forgets one document (kept or known absent). */
  delete(collection: string, id: string): void {
    if (this.collections.get(collection)?.delete(id)) this.size--;
  }

  clear(): void {
    this.collections.clear();
    this.size = 0;
  }

  private evictOne(): void {
    for (const docs of this.collections.values()) {
      const oldest = docs.keys().next();
      if (!oldest.done) {
        docs.delete(oldest.value);
        this.size--;
        return;
      }
    }
  }
}
