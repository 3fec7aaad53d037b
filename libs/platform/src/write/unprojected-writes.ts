/** A write to a stream: where its last event went and the types it appended (what projecting it means). */
export interface StreamWrite {
  position: bigint;
  types: readonly string[];
}

/**
 * The last write to each stream, made in this process, that its projections may not have passed
 * yet: held from its append until its writer's read-your-writes wait ends. A decision on a stream
 * whose facts were read while such a write was pending may have seen read models behind the stream.
 */
export class UnprojectedWrites {
  private readonly last = new Map<string, StreamWrite>();

  of(stream: string): StreamWrite | undefined {
    return this.last.get(stream);
  }

  appended(stream: string, write: StreamWrite): void {
    this.last.set(stream, write);
  }

  /** The write was projected (or waited for in vain): forget it unless a later one replaced it. */
  settled(stream: string, write: StreamWrite): void {
    if (this.last.get(stream) === write) this.last.delete(stream);
  }

  /** Streams with a pending write (for tests). */
  get size(): number {
    return this.last.size;
  }
}
