import { atLeast, Role } from '@docs/kernel';

/** What a member may do with the organization's OpenAPI specs, in GitBook's `OpenAPISpec.permissions` words. */
export interface SpecPermissions {
  view: boolean;
  edit: boolean;
}

/**
 * Members with a role read (null: a guest, who reads nothing); members with the create role or more
 * write (the organization's `createOpenAPISpec`). The decider enforces `edit`; the presenter shows both.
 */
export const specPermissions = (role: Role | null): SpecPermissions => ({ view: role !== null, edit: atLeast(role, 'create') });
