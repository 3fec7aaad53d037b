/** Waits until `check` holds, asking again every `everyMs`; fails once `withinMs` have passed without it. */
export async function eventually(check: () => boolean | Promise<boolean>, withinMs = 3000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
