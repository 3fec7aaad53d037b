import 'reflect-metadata';

/**
 * Marks a class that a Nest module provides (a read model's queries, a projection's helper) without
 * importing Nest, so `@docs/platform/projections` and a projection's spec stay free of the framework.
 * Any class decorator makes TypeScript record the constructor's parameter types
 * (`design:paramtypes`), and that is all Nest's injector reads; `@Injectable()` adds only a mark by
 * which Nest refuses the class as a module. reflect-metadata is loaded first, or the types would
 * not be recorded.
 */
export const Provided = (): ClassDecorator => () => undefined;
