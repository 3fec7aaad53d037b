// Pure like the decider it feeds (the `.domain` suffix lets the decider specs import it).
import type { Role } from '@docs/kernel';
import type { SiteFacts } from '../sites/site.decider';

/** What a site command is decided with: user u1 of organization o1 with `role`, no spaces looked up; `extra` overrides any of it. */
export const siteFacts = (role: Role | null, extra: Partial<SiteFacts> = {}): SiteFacts => ({
  actor: 'u1',
  organizationId: 'o1',
  role,
  spaces: new Map(),
  dropped: [],
  rejected: new Map(),
  ...extra,
});
