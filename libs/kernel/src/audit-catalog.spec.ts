import { DomainEvent } from './decider';
import { auditCatalog, labelFromType } from './audit-catalog';

type Posted = DomainEvent<'CommentPosted', { spaceId: string; commentId: string }>;
type Purged = DomainEvent<'SpacePurged', { spaceId: string }>;
type SamlCreated = DomainEvent<'SAMLProviderCreated', { organizationId: string; samlProviderId: string }>;

describe('audit catalogs', () => {
  it.each([
    ['SiteSpaceAdded', 'Site space added'],
    ['SAMLProviderCreated', 'SAML provider created'],
    ['OpenAPISpecCreated', 'Open API spec created'],
    ['Published', 'Published'],
  ])('labels an action from its event type, keeping acronyms: %s', (type, label) => {
    expect(labelFromType(type)).toBe(label);
  });

  it('gives each event of a resource its target, and a label of its own where one is given', () => {
    const space = { type: 'space', idField: 'spaceId' } as const;
    const catalog = auditCatalog<Posted | Purged | SamlCreated>((on) => ({
      ...on({ type: 'comment', idField: 'commentId' }, ['CommentPosted']),
      ...on(space, ['SpacePurged'], { SpacePurged: 'Space permanently deleted' }),
      ...on({ type: 'saml-provider', idField: 'samlProviderId' }, ['SAMLProviderCreated']),
    }));
    expect({ ...catalog }).toEqual({
      CommentPosted: { label: 'Comment posted', target: { type: 'comment', idField: 'commentId' } },
      SpacePurged: { label: 'Space permanently deleted', target: space },
      SAMLProviderCreated: { label: 'SAML provider created', target: { type: 'saml-provider', idField: 'samlProviderId' } },
    });
    expect(Object.isFrozen(catalog)).toBe(true);
    expect((catalog as Record<string, unknown>).constructor).toBeUndefined();
  });

  it('refuses, at compile time, a target field the event does not carry, an unknown event and a missing one', () => {
    // @ts-expect-error SpacePurged has no commentId
    auditCatalog<Purged>((on) => on({ type: 'space', idField: 'commentId' }, ['SpacePurged']));
    // @ts-expect-error SpaceOops is not an event of the catalog
    auditCatalog<Purged>((on) => on({ type: 'space', idField: 'spaceId' }, ['SpacePurged', 'SpaceOops']));
    // @ts-expect-error CommentPosted is missing
    expect(() => auditCatalog<Purged | Posted>((on) => on({ type: 'space', idField: 'spaceId' }, ['SpacePurged']))).not.toThrow();
  });

  it('still takes a catalog written out in full', () => {
    const catalog = auditCatalog<Purged>({
      SpacePurged: { label: 'Space permanently deleted', target: { type: 'space', idField: 'spaceId' } },
    });
    expect(catalog.SpacePurged.label).toBe('Space permanently deleted');
  });
});
