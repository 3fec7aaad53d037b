import type { SiteEvent } from '../sites/site.events';
import { CustomizationOverride, CustomizationSettings, CustomizationState, overlaid, sameJson } from './customization.domain';

export type CustomizationCommand =
  | { type: 'UpdateSiteCustomization'; settings: CustomizationSettings }
  | { type: 'OverrideSiteSpaceCustomization'; siteSpaceId: string; changes: CustomizationOverride }
  | { type: 'DeleteSiteSpaceCustomization'; siteSpaceId: string };

type Ids = { siteId: string; organizationId: string };
type CustomizationEvent = Extract<
  SiteEvent,
  { type: 'SiteCustomizationUpdated' | 'SiteSpaceCustomizationOverridden' | 'SiteSpaceCustomizationRemoved' }
>;

/**
 * The site's customization replaced (the same settings again record nothing), a site space's
 * override changed (changes that leave it as it is record nothing), or removed (nothing when it
 * has none). Who may, and whether the site space exists, the site's decider has checked.
 */
export function decideCustomization(state: CustomizationState, command: CustomizationCommand, ids: Ids): SiteEvent[] {
  switch (command.type) {
    case 'UpdateSiteCustomization':
      return state.settings !== null && sameJson(state.settings, command.settings)
        ? []
        : [{ type: 'SiteCustomizationUpdated', data: { ...ids, settings: command.settings } }];
    case 'OverrideSiteSpaceCustomization': {
      const current = state.overrides.find((o) => o.siteSpaceId === command.siteSpaceId);
      if (current && sameJson(overlaid(current.override, command.changes), current.override)) return [];
      return [{ type: 'SiteSpaceCustomizationOverridden', data: { ...ids, siteSpaceId: command.siteSpaceId, changes: command.changes } }];
    }
    case 'DeleteSiteSpaceCustomization':
      return state.overrides.some((o) => o.siteSpaceId === command.siteSpaceId)
        ? [{ type: 'SiteSpaceCustomizationRemoved', data: { ...ids, siteSpaceId: command.siteSpaceId } }]
        : [];
  }
}

export function evolveCustomization(state: CustomizationState, event: CustomizationEvent, at: string): CustomizationState {
  switch (event.type) {
    case 'SiteCustomizationUpdated':
      return { ...state, settings: event.data.settings, updatedAt: at };
    case 'SiteSpaceCustomizationOverridden': {
      const { siteSpaceId, changes } = event.data;
      const current = state.overrides.find((o) => o.siteSpaceId === siteSpaceId);
      const override = overlaid(current?.override ?? {}, changes);
      const others = state.overrides.filter((o) => o.siteSpaceId !== siteSpaceId);
      return { ...state, overrides: [...others, { siteSpaceId, override, updatedAt: at }] };
    }
    case 'SiteSpaceCustomizationRemoved':
      return { ...state, overrides: state.overrides.filter((o) => o.siteSpaceId !== event.data.siteSpaceId) };
  }
}

/** The overrides of site spaces the site still has (one that leaves takes its override with it). */
export function withSiteSpaces(state: CustomizationState, siteSpaces: readonly { id: string }[]): CustomizationState {
  const kept = state.overrides.filter((o) => siteSpaces.some((s) => s.id === o.siteSpaceId));
  return kept.length === state.overrides.length ? state : { ...state, overrides: kept };
}
