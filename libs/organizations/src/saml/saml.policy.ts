import { RoleOrGuest } from '../shared/roles.domain';

/** Only organization admins manage SAML providers. */
export const samlProviderPermissions = (role: RoleOrGuest) => ({ manage: role === 'admin' });
