export * from './integrations.module';
export * from './projections';
// The published language: events other contexts' projections may follow (also `@docs/integrations/events`, types only).
export type * from './events';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { INTEGRATIONS_AUDIT_CATALOG } from './audit-catalog';
// Webhooks for the operator CLI (apps/cli/commands/webhooks.ts): subscriptions, the delivery log, and redelivery requests.
export { WEBHOOK_SUBSCRIPTIONS } from './webhooks/webhooks.read-model';
export type { WebhookSubscriptionDoc } from './webhooks/webhooks.read-model';
export { DELIVERIES as WEBHOOK_DELIVERIES } from './webhooks/deliveries/webhook-delivery-log';
export type { DeliveryDoc as WebhookDeliveryDoc } from './webhooks/deliveries/webhook-delivery-log';
export { webhookSubscriptionAggregate } from './webhooks/webhook-subscription.decider';
