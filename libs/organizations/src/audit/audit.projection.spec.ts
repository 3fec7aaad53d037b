import { projectionSpecPerTest } from '@docs/platform/testing';
import { auditCatalog } from '@docs/kernel';
import { ORGANIZATIONS_AUDIT_CATALOG } from '../audit-catalog';
import { AuditActions } from './audit.domain';
import { auditProjection } from './audit.projection';
import { AUDIT_EVENTS, AuditEventDoc } from './audit.read-model';

/** Another context's catalog, as a downstream context declares it over its own events. */
type WidgetEvent =
  | { type: 'WidgetBuilt'; data: { organizationId: string; widgetId: string; title: string } }
  | { type: 'WidgetPolished'; data: { organizationId: string; widgetId: string } };
const WIDGETS_AUDIT_CATALOG = auditCatalog<WidgetEvent>({
  WidgetBuilt: { label: 'Widget built', target: { type: 'widget', idField: 'widgetId' } },
  WidgetPolished: { label: 'Widget polished', target: { type: 'widget', idField: 'widgetId' } },
});

/** Events of a space: one naming its organization, one naming the organization it moves to, and one naming the space only. */
type ShelfEvent =
  | { type: 'ShelfOpened'; data: { organizationId: string; spaceId: string } }
  | { type: 'ShelfMoved'; data: { organizationId: string; spaceId: string; toOrganizationId: string } }
  | { type: 'ShelfNoted'; data: { spaceId: string; noteId: string } };
const SHELF_AUDIT_CATALOG = auditCatalog<ShelfEvent>({
  ShelfOpened: { label: 'Shelf opened', target: { type: 'shelf', idField: 'spaceId' } },
  ShelfMoved: { label: 'Shelf moved', target: { type: 'shelf', idField: 'spaceId' } },
  ShelfNoted: { label: 'Shelf noted', target: { type: 'note', idField: 'noteId' } },
});

const ORG = 'o1';
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const ann = { type: 'UserRegistered', data: { userId: 'u1', email: 'ann@acme.test', displayName: 'Ann' } };
const created = {
  type: 'OrganizationCreated',
  data: { organizationId: ORG, title: 'Acme', emailDomains: [], type: 'business', plan: 'free', inviteLinks: true, createdBy: 'u1' },
  stream: `organization-${ORG}`,
  metadata: { actor: 'u1', correlationId: 'req-1', causationId: 'req-1', occurredAt: at(1) },
};

describe('audit projection', () => {
  const spec = projectionSpecPerTest(
    auditProjection(new AuditActions([ORGANIZATIONS_AUDIT_CATALOG, WIDGETS_AUDIT_CATALOG, SHELF_AUDIT_CATALOG])),
  );

  it("places events that name a space only in the space's organization, following a transfer", async () => {
    const meta = (minute: number) => ({
      actor: 'u1',
      correlationId: `req-${minute}`,
      causationId: `req-${minute}`,
      occurredAt: at(minute),
    });
    await spec.given([
      { type: 'ShelfOpened', data: { organizationId: ORG, spaceId: 's1' }, metadata: meta(1) },
      { type: 'ShelfNoted', data: { spaceId: 's1', noteId: 'n1' }, metadata: meta(2) },
      { type: 'ShelfMoved', data: { organizationId: ORG, spaceId: 's1', toOrganizationId: 'o2' }, metadata: meta(3) },
      { type: 'ShelfNoted', data: { spaceId: 's1', noteId: 'n2' }, metadata: meta(4) },
      { type: 'ShelfNoted', data: { spaceId: 'unknown', noteId: 'n3' }, metadata: meta(5) },
    ]);
    expect((await trail(ORG)).map((e) => `${e.action}:${e.targetId}`)).toEqual(['ShelfMoved:s1', 'ShelfNoted:n1', 'ShelfOpened:s1']);
    expect((await trail('o2')).map((e) => `${e.action}:${e.targetId}`)).toEqual(['ShelfNoted:n2']);
  });

  const trail = async (organizationId = ORG): Promise<AuditEventDoc[]> =>
    (
      await spec.readModels.find(AUDIT_EVENTS, {
        where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
        sort: { field: 'seq', direction: 'desc' },
        limit: 50,
      })
    ).items;

  it('records who changed which resource, labelling the actor as they registered', async () => {
    await spec.given([ann, created]);
    const [event] = await trail();
    expect(event).toEqual({
      id: expect.any(String),
      organizationId: ORG,
      seq: expect.any(Number),
      occurredAt: at(1),
      action: 'OrganizationCreated',
      actorType: 'user',
      actorId: 'u1',
      actorLabel: 'Ann <ann@acme.test>',
      source: 'api',
      targetType: 'organization',
      targetId: ORG,
      correlationId: 'req-1',
      causationId: 'req-1',
      schemaVersion: 1,
      payload: created.data,
    });
    expect(await spec.readModels.get(AUDIT_EVENTS, event!.id)).toEqual(event);
  });

  it('targets the resource each event changes, newest first', async () => {
    await spec.given([
      ann,
      created,
      { type: 'MemberJoined', data: { organizationId: ORG, userId: 'u2', role: 'read', via: 'invite' } },
      { type: 'TeamCreated', data: { organizationId: ORG, teamId: 't1', title: 'Writers' } },
      { type: 'LinkInviteCreated', data: { organizationId: ORG, inviteId: 'i1', role: 'read' } },
      { type: 'SAMLProviderDeleted', data: { organizationId: ORG, samlProviderId: 's1' } },
      { type: 'TranslationSettingsDeleted', data: { organizationId: ORG, translationSettingsId: 'ts1' } },
    ]);
    expect((await trail()).map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ['TranslationSettingsDeleted', 'translation-settings', 'ts1'],
      ['SAMLProviderDeleted', 'saml-provider', 's1'],
      ['LinkInviteCreated', 'link-invite', 'i1'],
      ['TeamCreated', 'team', 't1'],
      ['MemberJoined', 'member', 'u2'],
      ['OrganizationCreated', 'organization', ORG],
    ]);
  });

  it('records the events of every catalog it is built from, and follows one request by correlation id', async () => {
    const widget = { organizationId: ORG, widgetId: 'w1', title: 'Gear' };
    await spec.given([
      ann,
      created,
      { type: 'WidgetBuilt', data: widget, metadata: { actor: 'u1', correlationId: 'req-2' } },
      {
        type: 'TeamCreated',
        data: { organizationId: ORG, teamId: 't1', title: 'Writers' },
        metadata: { actor: 'u1', correlationId: 'req-2' },
      },
      { type: 'WidgetPolished', data: { organizationId: ORG, widgetId: 'w1' }, metadata: { actor: 'u1', correlationId: 'req-3' } },
      // Not in any catalog: not recorded.
      { type: 'WidgetMelted', data: { organizationId: ORG, widgetId: 'w1' } },
    ]);
    expect(auditProjection(new AuditActions([ORGANIZATIONS_AUDIT_CATALOG, WIDGETS_AUDIT_CATALOG])).handles).toEqual(
      expect.arrayContaining(['OrganizationCreated', 'WidgetBuilt', 'WidgetPolished', 'UserRegistered']),
    );
    expect((await trail()).map((e) => [e.action, e.targetType, e.targetId, e.correlationId])).toEqual([
      ['WidgetPolished', 'widget', 'w1', 'req-3'],
      ['TeamCreated', 'team', 't1', 'req-2'],
      ['WidgetBuilt', 'widget', 'w1', 'req-2'],
      ['OrganizationCreated', 'organization', ORG, 'req-1'],
    ]);
    const [built] = (await trail()).filter((e) => e.action === 'WidgetBuilt');
    expect(built).toMatchObject({ actorType: 'user', actorLabel: 'Ann <ann@acme.test>', payload: widget });
    const oneRequest = await spec.readModels.find(AUDIT_EVENTS, {
      where: [
        { field: 'organizationId', op: 'eq', value: ORG },
        { field: 'correlationId', op: 'eq', value: 'req-2' },
      ],
      sort: { field: 'seq', direction: 'desc' },
      limit: 50,
    });
    expect(oneRequest.items.map((e) => e.action)).toEqual(['TeamCreated', 'WidgetBuilt']);
  });

  it('records the operator CLI as the system, keeping the operator', async () => {
    await spec.given([{ ...created, metadata: { actor: 'cli:ann@build-host', correlationId: 'cli-9', occurredAt: at(1) } }]);
    const [org] = await trail();
    expect(org).toMatchObject({
      actorType: 'system',
      actorId: 'cli:ann@build-host',
      actorLabel: 'CLI operator ann@build-host',
      source: 'script',
    });
  });

  it('tells the system and scripts (CLI, bootstrap) from API requests', async () => {
    await spec.given([
      { ...created, metadata: { actor: 'system', correlationId: 'cli-123', occurredAt: at(1) } },
      {
        type: 'MemberJoined',
        data: { organizationId: ORG, userId: 'u2', role: 'read', via: 'invite' },
        metadata: { actor: 'u9', correlationId: 'bootstrap-1' },
      },
    ]);
    const [joined, org] = await trail();
    expect(org).toMatchObject({ actorType: 'system', actorId: 'system', source: 'script' });
    expect(org).not.toHaveProperty('actorLabel');
    // An actor the trail never saw register has no label.
    expect(joined).toMatchObject({ actorType: 'user', actorId: 'u9', source: 'script' });
    expect(joined).not.toHaveProperty('actorLabel');
  });

  it('records no pings and no user events', async () => {
    await spec.given([
      ann,
      { type: 'ApiTokenIssued', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h', name: 'cli' } },
      { type: 'MemberSeen', data: { organizationId: ORG, userId: 'u1', seenAt: at(2) } },
    ]);
    expect((await spec.readModels.find(AUDIT_EVENTS, { limit: 50 })).items).toEqual([]);
  });
});
