/** What the organizations context's routes answer, for the OpenAPI document (@Answers; see route-answers.md). */
export * from './audit/audit.response';
export * from './invites/invite.response';
export * from './members/member.response';
export * from './organizations/organization.response';
export * from './saml/saml.response';
export * from './teams/team.response';
export * from './translations/translation.response';
export * from './users/user.response';
