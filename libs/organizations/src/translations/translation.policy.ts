import { RoleOrGuest } from '../shared/roles.domain';

/** Members with a role read translation settings; only admins create, change or delete them. */
export const translationSettingsPermissions = (role: RoleOrGuest) => ({ view: role !== null, edit: role === 'admin' });
