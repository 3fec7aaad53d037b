/** Tasks for work-pool.spec.ts, run in the pool's threads. */
export function echo(input: unknown): unknown {
  return input;
}

export async function later(input: { ms: number; value: string }): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, input.ms));
  return input.value;
}

export function spin(): never {
  for (;;) {
    /* a synchronous loop only a stopped thread ends */
  }
}

export function hoard(): never {
  const held: number[][] = [];
  for (;;) held.push(new Array(1_000_000).fill(1));
}

export function bytes(size: number): Uint8Array {
  return new Uint8Array(size).fill(7);
}

export function refuse(reason: string): never {
  throw Object.assign(new Error(`refused: ${reason}`), { name: 'TooLarge', details: { reason } });
}

export function recurse(depth: number): number {
  return depth <= 0 ? 0 : 1 + recurse(depth - 1);
}
