import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

// biome-ignore lint/complexity/noBannedTypes: class-validator keys its rules by the class, typed `Function` in its own API.
type Lookup = (target: Function, schema: string, always: boolean, strictGroups: boolean, groups?: string[]) => ValidationMetadata[];
interface Storage {
  getTargetValidationMetadatas: Lookup;
  addValidationMetadata(metadata: ValidationMetadata): void;
}

const MEMOIZED = Symbol('validation metadata memoized');

/**
 * class-validator looks a class's rules up on every `validate()`: it filters every rule of the
 * class and of its ancestors, which cost a fifth of a simple GET with a query class (measured on
 * page-get). The rules are declared when classes are defined, so the lookups are memoized per class
 * and options, and declaring a rule later clears the memo. The answers are only read by
 * class-validator (and by unknownProperties), never changed.
 */
export function memoizeValidationMetadata(): void {
  const storage = getMetadataStorage() as unknown as Storage & { [MEMOIZED]?: true };
  if (storage[MEMOIZED]) return;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  // biome-ignore lint/complexity/noBannedTypes: class-validator keys its rules by the class, typed `Function` in its own API.
  let memo = new Map<Function, Map<string, ValidationMetadata[]>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    let byOptions = memo.get(target);
    if (!byOptions) memo.set(target, (byOptions = new Map()));
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0000')}`;
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.addValidationMetadata = (metadata) => {
    memo = new Map();
    add(metadata);
  };
  storage[MEMOIZED] = true;
}
