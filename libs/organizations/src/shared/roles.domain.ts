import { ROLES, Role, RoleOrNone } from '@docs/kernel';

/** An organization member's role (ranked in `@docs/kernel`); null: a guest. */
export type RoleOrGuest = RoleOrNone;

/** The roles as GitBook's API lists them, strongest first: the order of the OpenAPI enums and of error messages. */
export const ROLES_STRONGEST_FIRST: readonly Role[] = [...ROLES].reverse();
