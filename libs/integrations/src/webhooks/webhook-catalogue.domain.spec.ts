import fc from 'fast-check';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, webhookData, webhookTypeOf } from './webhook-catalogue.domain';

describe('webhook catalogue', () => {
  it('maps domain events to unique, dotted, lower-case types', () => {
    expect(webhookTypeOf('LiveContentChanged')).toBe('page.updated');
    expect(webhookTypeOf('ChangeRequestMerged')).toBe('change_request.merged');
    expect(webhookTypeOf('constructor')).toBeUndefined();
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(WEBHOOK_EVENT_TYPES.length);
    for (const type of WEBHOOK_EVENT_TYPES) expect(type).toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect(isWebhookEventType('toString')).toBe(false);
  });

  it('puts only ids and short scalars of the catalogue in a payload, never bodies or secrets', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.string(), (data, organizationId, actor) => {
        const out = webhookData(data, organizationId, actor);
        expect(out.organizationId).toBe(organizationId);
        expect(out.actor).toBe(actor);
        for (const value of Object.values(out)) expect(['string', 'number']).toContain(typeof value);
        expect(Object.keys(out).every((key) => ['actor', 'organizationId'].includes(key) || key in data)).toBe(true);
      }),
    );
    expect(webhookData({ spaceId: 's', markdown: '# secret', secret: 'whsec_x' }, 'o', 'u')).toEqual({
      spaceId: 's',
      organizationId: 'o',
      actor: 'u',
    });
  });
});
