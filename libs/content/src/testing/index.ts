// Spec helpers other contexts' specs may use (`@docs/content/testing`).
export * from './page-tree-fixtures.domain';
export * from './space-fixtures.domain';
