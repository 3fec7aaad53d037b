import { Inject, Injectable } from '@nestjs/common';
import { hostedSiteUrl } from './hosted-site-url';
import { spaceObject } from '@docs/content';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { ShareLinkView } from '../share-links/list-site-share-links';
import { SiteSectionGroupView, SiteSectionView, SiteSpaceView, SiteStructureView, SiteView, StructureItemView } from './site-views';
import { PublishedSiteView } from '../structure/get-published-site';
import { AdaptiveSchemaEntry, SectionEntry, sitePermissions, SiteState } from '../sites/site.decider';
import { defaultSiteCustomization } from '../structure/site-customization.domain';
import { SiteDoc } from '../sites/sites.read-model';
import { SiteAdaptiveSchemaResponse } from '../adaptive-content/adaptive-schema.response';
import { SiteSectionGroupResponse } from '../section-groups/section-group.response';
import { SiteSectionResponse } from '../sections/section.response';
import { ShareLinkResponse } from '../share-links/share-link.response';
import { SiteSpaceResponse } from '../site-spaces/site-space.response';
import { SiteResponse } from '../sites/site.response';
import { PublishedContentSiteResponse } from '../structure/published-site.response';
import { SiteStructureResponse } from '../structure/structure.response';

/**
 * `{ published }`, the published URL carrying the share key (a share-link site reached with an
 * active link's key), or nothing while the site is unpublished (a null URL).
 */
const publishedUrl = (url: string | null, share: string | null): { published?: string } =>
  url === null ? {} : { published: share === null ? url : `${url}?share=${encodeURIComponent(share)}` };

/** GitBook's Site and SiteSpace objects, with URLs and the caller's permissions. No I/O: the use cases read everything. */
@Injectable()
export class SitesPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  site({ site, role }: SiteView, share: string | null = null): SiteResponse {
    const state = site.state as SiteState;
    const { settings } = state;
    return {
      object: 'site' as const,
      id: site.id,
      type: state.type,
      appliedType: state.type,
      title: settings.title,
      ...(settings.hostname !== null ? { hostname: settings.hostname } : {}),
      ...(settings.basename !== null ? { basename: settings.basename } : {}),
      ...(settings.proxy !== null ? { proxy: { origin: settings.proxy, target: this.hostedBase(site) } } : {}),
      visibility: settings.visibility,
      defaultLevel: 'inherit' as const,
      permissions: sitePermissions(role),
      published: state.published,
      siteSpaces: site.siteSpaces,
      createdAt: state.createdAt,
      adaptiveContent: { enabled: settings.adaptiveContent },
      agentsContext: settings.agentsContext,
      features: [],
      urls: {
        location: this.siteUrl(site),
        app: `${this.config.appUrl}/o/${site.organizationId}/sites/${site.id}`,
        preview: `${this.config.appUrl}/o/${site.organizationId}/sites/${site.id}/preview`,
        ...publishedUrl(this.publishedBase(site), share),
      },
    };
  }

  /**
   * GitBook's PublishedContentSite: the site and its structure (their published URLs carrying the
   * share key, as getSiteStructure), the customization at its defaults (no site space has its own)
   * and no integration scripts.
   */
  published({ site, structure, share }: PublishedSiteView): PublishedContentSiteResponse {
    return {
      object: 'published-content-site' as const,
      site: this.site(site, share),
      structure: this.structure(structure, share),
      customizations: { site: defaultSiteCustomization(), siteSpaces: {} },
      scripts: [],
    };
  }

  /** GitBook's SiteAdaptiveSchema: the schema as PUT. */
  adaptiveSchema({ jsonSchema, updatedAt }: AdaptiveSchemaEntry): SiteAdaptiveSchemaResponse {
    return { object: 'site-adaptive-schema' as const, jsonSchema, updatedAt };
  }

  siteSpace({ siteSpace: s, site, space, spaceRole }: SiteSpaceView, share: string | null = null): SiteSpaceResponse {
    const state = site.state as SiteState;
    const section = s.sectionId === '' ? undefined : state.sections.find((x) => x.id === s.sectionId);
    const base = section ? this.sectionUrl(site, section) : this.publishedBase(site);
    return {
      object: 'site-space' as const,
      id: s.id,
      path: s.path,
      ...(s.sectionId !== '' ? { section: s.sectionId } : {}),
      space: this.space(space, spaceRole),
      title: space.title,
      default: s.default,
      ...(s.condition !== null ? { condition: s.condition } : {}),
      draft: false,
      hasAdvancedCustomizationFeature: false,
      urls: {
        location: `${this.siteUrl(site)}/site-spaces/${s.id}`,
        ...publishedUrl(base !== null && !s.default ? `${base}/${encodeURIComponent(s.path)}` : base, share),
      },
    };
  }

  section({ section, groupId, site, siteSpaces }: SiteSectionView, share: string | null = null): SiteSectionResponse {
    return {
      object: 'site-section' as const,
      id: section.id,
      title: section.title,
      ...(section.description !== null ? { description: section.description } : {}),
      default: section.default,
      draft: false,
      path: section.path,
      ...(section.condition !== null ? { condition: section.condition } : {}),
      ...(groupId !== null ? { sectionGroup: groupId } : {}),
      siteSpaces: siteSpaces.map((v) => this.siteSpace(v, share)),
      urls: publishedUrl(this.sectionUrl(site, section), share),
      ...(section.icon !== null ? { icon: section.icon } : {}),
    };
  }

  group({ group, sections }: SiteSectionGroupView, share: string | null = null): SiteSectionGroupResponse {
    const presented = sections.map((v) => this.section(v, share));
    return {
      object: 'site-section-group' as const,
      id: group.id,
      title: group.title,
      ...(group.icon !== null ? { icon: group.icon } : {}),
      draft: false,
      sections: presented,
      children: presented,
    };
  }

  item(item: StructureItemView, share: string | null = null): SiteSpaceResponse | SiteSectionResponse | SiteSectionGroupResponse {
    return item.type === 'site-space'
      ? this.siteSpace(item.view, share)
      : item.type === 'site-section'
        ? this.section(item.view, share)
        : this.group(item.view, share);
  }

  structure({ type, items }: SiteStructureView, share: string | null = null): SiteStructureResponse {
    return { type, structure: items.map((item) => this.item(item, share)) };
  }

  /** GitBook's ShareLink: its published URL (while the site is published) carries its key; only managers are answered it. */
  shareLink({ link, site }: ShareLinkView): ShareLinkResponse {
    return {
      object: 'share-link' as const,
      id: link.id,
      createdAt: link.createdAt,
      name: link.name,
      active: link.active,
      urls: publishedUrl(this.publishedBase(site), link.key),
    };
  }

  /** GitBook's Space, as content answers it, with the caller's permissions from their effective role. */
  private space(space: SiteSpaceView['space'], role: string | null) {
    return spaceObject(this.config, space, role);
  }

  /** The published URL of a section: the site's for the default section, else the site's followed by its path; null while unpublished. */
  private sectionUrl(site: SiteDoc, section: SectionEntry): string | null {
    const base = this.publishedBase(site);
    return base === null || section.default ? base : `${base}/${encodeURIComponent(section.path)}`;
  }

  private siteUrl(site: SiteDoc): string {
    return `${this.config.publicUrl}/v1/orgs/${site.organizationId}/sites/${site.id}`;
  }

  /** Where this server serves the site to readers (docs/sites-serving.md): PUBLIC_URL/sites/<organizationId>/<basename or siteId>. */
  private hostedBase(site: SiteDoc): string {
    return hostedSiteUrl(site, this.config.publicUrl);
  }

  /**
   * The published URL of the site's root (docs/sites-design.md, "URLs"): the proxy, else the custom hostname, else ours; null while
   * unpublished.
   */
  private publishedBase(site: SiteDoc): string | null {
    const { settings, published } = site.state as SiteState;
    if (!published) return null;
    if (settings.proxy !== null) return `https://${settings.proxy}`;
    if (settings.hostname !== null) return `https://${settings.hostname}`;
    return this.hostedBase(site);
  }
}
