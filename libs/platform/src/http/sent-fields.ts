/**
 * The fields named by `keys` that the request sent (not undefined), in that order: a field left out
 * of the request stays out of a command's props or a query's filters, instead of being there as
 * undefined.
 *
 *   new UpdateSiteShareLink({ shareLinkId, ...sentFields(body, ['name', 'active']) }, scope)
 */
export function sentFields<T extends object, K extends keyof T>(input: T | null | undefined, keys: readonly K[]): Partial<Pick<T, K>> {
  const sent: Partial<Pick<T, K>> = {};
  for (const key of keys) if (input?.[key] !== undefined) sent[key] = input[key];
  return sent;
}
