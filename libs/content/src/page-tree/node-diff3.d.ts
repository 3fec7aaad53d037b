// node-diff3 publishes its types under package.json `exports`, which this project's module
// resolution ("node") does not read; this is the part of them the merge uses.
declare module 'node-diff3' {
  export interface MergeRegion<T> {
    ok?: T[];
    conflict?: { a: T[]; aIndex: number; b: T[]; bIndex: number; o: T[]; oIndex: number };
  }
  export interface IMergeOptions {
    excludeFalseConflicts?: boolean;
    stringSeparator?: string | RegExp;
  }
  /** Three-way merge of `a` and `b`, both descended from `o`. */
  export function diff3Merge<T = string>(a: string | T[], o: string | T[], b: string | T[], options?: IMergeOptions): MergeRegion<T>[];
}
