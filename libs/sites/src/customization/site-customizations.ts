import { notFound } from '@docs/kernel';
import { defaultSiteCustomization } from '../structure/site-customization.domain';
import type { SiteState } from '../sites/site.decider';
import { CustomizationSettings, effectiveCustomization, initialCustomization } from './customization.domain';

/** A customization as answered: GitBook's SiteCustomizationSettings, with `updatedAt` once it was. */
export type CustomizationView = CustomizationSettings & { updatedAt?: string };

const withUpdatedAt = (settings: CustomizationSettings, updatedAt: string | null): CustomizationView =>
  updatedAt === null ? settings : { ...settings, updatedAt };

/** The site's customization from its state (the sites read model): as PUT, else GitBook's defaults. */
export function siteCustomization(state: SiteState): CustomizationView {
  const { settings, updatedAt } = state.customization ?? initialCustomization();
  return withUpdatedAt(settings ?? defaultSiteCustomization(), updatedAt);
}

/**
 * A site space's effective customization: the site's with the site space's override laid over it
 * (updated when the later of the two was). 404 for a site space the site does not have.
 */
export function siteSpaceCustomization(state: SiteState, siteSpaceId: string): CustomizationView {
  if (!state.siteSpaces.some((s) => s.id === siteSpaceId)) throw notFound('site space not found');
  const { settings, updatedAt, overrides } = state.customization ?? initialCustomization();
  const override = overrides.find((o) => o.siteSpaceId === siteSpaceId);
  const effective = effectiveCustomization(settings ?? defaultSiteCustomization(), override?.override);
  const latest =
    [updatedAt, override?.updatedAt ?? null]
      .filter((t): t is string => t !== null)
      .sort()
      .pop() ?? null;
  return withUpdatedAt(effective, latest);
}
