// `@docs/organizations/tokens`: the API token lifecycle for the operator CLI (docs/tokens.md), without the
// context's HTTP layer: list and revoke tokens straight on the stores, and the lifetimes `tokens create` takes.
export { listApiTokens, revokeApiToken, parseTokenLifetime, tokenStatus, MAX_TOKEN_LIFETIME_MS } from './users/tokens/api-tokens';
export type { ApiTokenView, ApiTokenStatus, RevokedToken, TokenStores } from './users/tokens/api-tokens';
