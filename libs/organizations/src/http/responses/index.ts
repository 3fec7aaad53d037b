/** What the organizations context's routes answer, for the OpenAPI document (@Answers; see route-answers.md). */
export * from './audit.response';
export * from './invite.response';
export * from './member.response';
export * from './organization.response';
export * from './saml.response';
export * from './team.response';
export * from './translation.response';
export * from './user.response';
