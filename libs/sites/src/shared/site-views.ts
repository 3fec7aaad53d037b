import { Injectable } from '@nestjs/common';
import { ContentDirectory, SpaceAccessView } from '@docs/content';
import { Role } from '@docs/kernel';
import { found } from '@docs/platform';
import { GroupEntry, groupOf, SectionEntry, SiteState, StructureItemRef } from '../sites/site.decider';
import { ContentSpaceDoc, SiteDoc, SitesReadModel, SiteSpaceDoc, siteSpaceDocsOf } from '../sites/sites.read-model';
import { SitesContext } from './sites-scope';

/** A site, and the caller's organization role (for its permissions). */
export interface SiteView {
  site: SiteDoc;
  role: Role | null;
}

/** A site space with its site (for URLs), the space it shows, and the caller's role in that space (null: none). */
export interface SiteSpaceView {
  siteSpace: SiteSpaceDoc;
  site: SiteDoc;
  space: ContentSpaceDoc;
  spaceRole: SpaceAccessView['role'] | null;
}

/** A section with its site spaces, and the group holding it (null: the top level). */
export interface SiteSectionView {
  section: SectionEntry;
  groupId: string | null;
  site: SiteDoc;
  siteSpaces: SiteSpaceView[];
}

export interface SiteSectionGroupView {
  group: GroupEntry;
  sections: SiteSectionView[];
}

/** One item of the structure, as presented. */
export type StructureItemView =
  | { type: 'site-space'; view: SiteSpaceView }
  | { type: 'site-section'; view: SiteSectionView }
  | { type: 'site-section-group'; view: SiteSectionGroupView };

/** The top level of a site: its sections and groups, or, without sections, its root site spaces. */
export type SiteStructureView = { type: 'sections'; items: StructureItemView[] } | { type: 'siteSpaces'; items: StructureItemView[] };

const stateOf = (site: SiteDoc) => site.state as SiteState;

/** Gathers what presenting site spaces needs: the spaces (one read for a page) and the caller's role in each (once per space). */
@Injectable()
export class SiteViews {
  constructor(
    private readonly sites: SitesReadModel,
    private readonly content: ContentDirectory,
  ) {}

  async siteSpaces(ctx: SitesContext, site: SiteDoc, docs: readonly SiteSpaceDoc[]): Promise<SiteSpaceView[]> {
    const spaceIds = [...new Set(docs.map((d) => d.spaceId))];
    const spaces = await this.sites.contentSpaces(spaceIds);
    const roles = new Map<string, SpaceAccessView['role'] | null>();
    for (const spaceId of spaceIds) roles.set(spaceId, (await this.content.spaceFor(spaceId, ctx.actor))?.role ?? null);
    // A site space whose space is gone is dropped by the projection with it; none is shown without its space.
    return docs
      .filter((d) => spaces.has(d.spaceId))
      .map((siteSpace) => ({ siteSpace, site, space: spaces.get(siteSpace.spaceId)!, spaceRole: roles.get(siteSpace.spaceId) ?? null }));
  }

  async siteSpace(ctx: SitesContext, site: SiteDoc, doc: SiteSpaceDoc): Promise<SiteSpaceView> {
    const [view] = await this.siteSpaces(ctx, site, [doc]);
    if (!view) throw new Error(`site space ${doc.id} shows the unknown space ${doc.spaceId}`);
    return view;
  }

  /** The site's site space `siteSpaceId`; 404 when the site has none such. */
  async siteSpaceById(ctx: SitesContext, site: SiteDoc, siteSpaceId: string): Promise<SiteSpaceView> {
    return this.siteSpace(ctx, site, found(await this.sites.siteSpace(site.id, siteSpaceId), 'site space not found'));
  }

  /** The sections among `sectionIds` (in that order), each with its site spaces. */
  async sections(ctx: SitesContext, site: SiteDoc, sectionIds: readonly string[]): Promise<SiteSectionView[]> {
    const state = stateOf(site);
    const wanted = new Set(sectionIds);
    const views = await this.siteSpaces(
      ctx,
      site,
      siteSpaceDocsOf(state).filter((d) => wanted.has(d.sectionId)),
    );
    return sectionIds.flatMap((id) => {
      const section = state.sections.find((x) => x.id === id);
      if (!section) return [];
      return [{ section, groupId: groupOf(state, id)?.id ?? null, site, siteSpaces: views.filter((v) => v.siteSpace.sectionId === id) }];
    });
  }

  async section(ctx: SitesContext, site: SiteDoc, sectionId: string): Promise<SiteSectionView> {
    const [view] = await this.sections(ctx, site, [sectionId]);
    if (!view) throw new Error(`no section ${sectionId} in site ${site.id}`);
    return view;
  }

  async groups(ctx: SitesContext, site: SiteDoc, groupIds: readonly string[]): Promise<SiteSectionGroupView[]> {
    const state = stateOf(site);
    const groups = groupIds.map((id) => state.groups.find((g) => g.id === id)).filter((g): g is GroupEntry => g !== undefined);
    const sections = await this.sections(
      ctx,
      site,
      groups.flatMap((g) => g.sectionIds),
    );
    return groups.map((group) => ({
      group,
      sections: group.sectionIds.map((id) => sections.find((s) => s.section.id === id)!).filter(Boolean),
    }));
  }

  async group(ctx: SitesContext, site: SiteDoc, groupId: string): Promise<SiteSectionGroupView> {
    const [view] = await this.groups(ctx, site, [groupId]);
    if (!view) throw new Error(`no group ${groupId} in site ${site.id}`);
    return view;
  }

  async item(ctx: SitesContext, site: SiteDoc, item: StructureItemRef): Promise<StructureItemView> {
    if (item.type === 'site-section') return { type: item.type, view: await this.section(ctx, site, item.id) };
    if (item.type === 'site-section-group') return { type: item.type, view: await this.group(ctx, site, item.id) };
    const doc = siteSpaceDocsOf(stateOf(site)).find((d) => d.id === item.id);
    if (!doc) throw new Error(`no site space ${item.id} in site ${site.id}`);
    return { type: 'site-space', view: await this.siteSpace(ctx, site, doc) };
  }

  async structure(ctx: SitesContext, site: SiteDoc): Promise<SiteStructureView> {
    const state = stateOf(site);
    if (state.sections.length === 0) {
      const views = await this.siteSpaces(
        ctx,
        site,
        siteSpaceDocsOf(state).filter((d) => d.sectionId === ''),
      );
      return { type: 'siteSpaces', items: views.map((view) => ({ type: 'site-space', view })) };
    }
    const items: StructureItemView[] = [];
    for (const top of state.top) items.push(await this.item(ctx, site, top));
    return { type: 'sections', items };
  }
}
