// Moved to the read-model modules; this re-export goes once every import has moved.
export * from './users.read-model';
export * from './organizations.read-model';
export * from './member-spaces.read-model';
