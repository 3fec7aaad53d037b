import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';
import { addSpace, createSite, SiteCast, siteCast, sitePath, siteSpacePath, siteSpacesOf, valid } from './site-world';

const TS = {
  sections: '/v1/orgs/{organizationId}/sites/{siteId}/sections',
  section: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
  sectionMove: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
  groups: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups',
  group: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
  groupSections: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
  groupMove: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
  siteSpaceMove: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
  structure: '/v1/orgs/{organizationId}/sites/{siteId}/structure',
  sort: '/v1/orgs/{organizationId}/sites/{siteId}/structure/sort',
};

describe('site sections, section groups and structure', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;
  const spaces: Record<string, any> = {};

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-sections');
    org = cast.organizationId;
    for (const title of ['Guide', 'API', 'Changelog', 'Blog', 'FAQ']) spaces[title] = await createSpace(app, org, { title });
  });
  afterAll(() => app.stop());

  const sectionsOf = (siteId: string) => `${sitePath(org, siteId)}/sections`;
  const groupsOf = (siteId: string) => `${sitePath(org, siteId)}/section-groups`;
  const addSection = async (siteId: string, body: object) => {
    const res = await app.post(sectionsOf(siteId), body);
    if (res.status !== 201) throw new Error(`could not add section: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const shape = async (siteId: string) => {
    const res = await app.get(`${sitePath(org, siteId)}/structure`);
    valid(schemas, 'GET', TS.structure, res, 'SiteStructure');
    const space = (s: any) => `${s.path}${s.default ? '*' : ''}`;
    const section = (x: any) => `${x.path}${x.default ? '*' : ''}(${x.siteSpaces.map(space).join(',')})`;
    return res.body.type === 'siteSpaces'
      ? res.body.structure.map(space)
      : res.body.structure.map((x: any) =>
          x.object === 'site-section' ? section(x) : `[${x.title}: ${x.sections.map(section).join(' ')}]`,
        );
  };

  it('the first section takes the root site spaces; later ones start with their own; deleting the last gives them back', async () => {
    const site = await createSite(app, org, { title: 'Sections', spaces: [spaces.Guide.id, spaces.API.id] });
    expect(await shape(site.id)).toEqual(['guide*', 'api']);
    const first = await app.post(sectionsOf(site.id), { spaceId: spaces.Changelog.id, title: 'Product', icon: 'book' });
    valid(schemas, 'POST', TS.sections, first, 'SiteSection');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      object: 'site-section',
      title: 'Product',
      path: 'product',
      default: true,
      draft: false,
      icon: 'book',
      urls: {},
    });
    expect(await shape(site.id)).toEqual(['product*(changelog,guide*,api)']);
    const second = await addSection(site.id, { spaceId: spaces.Blog.id });
    expect(second).toMatchObject({
      title: 'Blog',
      path: 'blog',
      default: false,
      siteSpaces: [{ path: 'blog', default: true, section: second.id }],
    });
    expect(await shape(site.id)).toEqual(['product*(changelog,guide*,api)', 'blog(blog*)']);
    expect((await app.get(sitePath(org, site.id))).body.siteSpaces).toBe(4);
    // A site space without sectionId goes to the default section; with one, to that section.
    expect(await addSpace(app, org, site.id, spaces.FAQ.id)).toMatchObject({ section: first.body.id, path: 'faq' });
    const inBlog = await app.post(siteSpacesOf(org, site.id), { spaceId: spaces.FAQ.id, sectionId: second.id });
    expect(inBlog.body).toMatchObject({ section: second.id, path: 'faq', default: false });
    expectError(
      await app.post(siteSpacesOf(org, site.id), { spaceId: spaces.FAQ.id, sectionId: 'nope' }),
      400,
      /sectionId: no section nope/,
    );
    // Deleting the default section promotes the other; deleting the last gives its site spaces back to the root.
    expect((await app.delete(`${sectionsOf(site.id)}/${first.body.id}`)).status).toBe(205);
    expect(await shape(site.id)).toEqual(['blog*(blog*,faq)']);
    expect((await app.get(sitePath(org, site.id))).body.siteSpaces).toBe(2);
    const last = await app.delete(`${sectionsOf(site.id)}/${second.id}`);
    valid(schemas, 'DELETE', TS.section, last);
    expect(last.status).toBe(205);
    expect(await shape(site.id)).toEqual(['blog*', 'faq']);
    expect((await app.get(siteSpacesOf(org, site.id))).body.items.every((s: any) => !('section' in s))).toBe(true);
  });

  it('changes a section (path unique in the site, nullable icon, description and condition) and its default site space', async () => {
    const site = await createSite(app, org, { title: 'Edits', spaces: [spaces.Guide.id] });
    const a = await addSection(site.id, { spaceId: spaces.API.id, title: 'Docs' });
    const b = await addSection(site.id, { spaceId: spaces.Blog.id, title: 'News' });
    const res = await app.patch(`${sectionsOf(site.id)}/${b.id}`, {
      title: 'Newsroom',
      path: 'press',
      icon: 'newspaper',
      description: 'What is new',
      condition: 'visitor.claims.news',
    });
    valid(schemas, 'PATCH', TS.section, res, 'SiteSection');
    expect(res.body).toMatchObject({
      title: 'Newsroom',
      path: 'press',
      icon: 'newspaper',
      description: 'What is new',
      condition: 'visitor.claims.news',
    });
    const cleared = await app.patch(`${sectionsOf(site.id)}/${b.id}`, { icon: null, description: null, condition: null });
    for (const key of ['icon', 'description', 'condition']) expect(cleared.body).not.toHaveProperty(key);
    expect((await app.patch(`${sectionsOf(site.id)}/${b.id}`, { title: 'Kept' })).body).toMatchObject({ title: 'Kept', path: 'press' });
    expectError(
      await app.patch(`${sectionsOf(site.id)}/${b.id}`, { path: 'docs' }),
      409,
      /path: another section of the site has the path docs/,
    );
    const guide = a.siteSpaces.find((s: any) => s.space.id === spaces.Guide.id);
    const withDefault = await app.patch(`${sectionsOf(site.id)}/${a.id}`, { defaultSiteSpace: guide.id });
    expect(withDefault.body.siteSpaces.map((s: any) => [s.path, s.default])).toEqual([
      ['api', false],
      ['guide', true],
    ]);
    expectError(
      await app.patch(`${sectionsOf(site.id)}/${a.id}`, { defaultSiteSpace: b.siteSpaces[0].id }),
      400,
      /defaultSiteSpace: no site space .* in the section/,
    );
    // The site's default section, and the default site space of the default section.
    const site2 = await app.patch(sitePath(org, site.id), { defaultSiteSection: b.id, defaultSiteSpace: b.siteSpaces[0].id });
    expect(site2.status).toBe(200);
    expect(await shape(site.id)).toEqual(['docs(api,guide*)', 'press*(blog*)']);
    expectError(
      await app.patch(sitePath(org, site.id), { defaultSiteSpace: guide.id }),
      400,
      /defaultSiteSpace: no site space .* in the default section/,
    );
    expectError(await app.patch(sitePath(org, site.id), { defaultSiteSection: 'nope' }), 400, /defaultSiteSection: no section nope/);
    // A section keeps at least one site space.
    expectError(await app.delete(siteSpacePath(org, site.id, b.siteSpaces[0].id)), 400, /a section keeps at least one site space/);
    // Published URLs: the default section is the site's root, others under their path; site spaces likewise within.
    await app.post(`${sitePath(org, site.id)}/publish`);
    const root = `http://api.test/sites/${org}/${site.id}`;
    const listed = await app.get(sectionsOf(site.id));
    valid(schemas, 'GET', TS.sections, listed, 'SiteSection');
    expect(listed.body.items.map((x: any) => [x.urls.published, x.siteSpaces.map((s: any) => s.urls.published)])).toEqual([
      [`${root}/docs`, [`${root}/docs/api`, `${root}/docs`]],
      [root, [root]],
    ]);
  });

  it.each([
    [{}, /spaceId/],
    [{ spaceId: 'nope' }, /spaceId: no space nope/],
    [{ spaceId: 'GUIDE', title: 'x' }, /title must be longer than or equal to 2/],
    [{ spaceId: 'GUIDE', icon: 'i'.repeat(51) }, /icon/],
    [{ spaceId: 'GUIDE', extra: 1 }, /extra/],
  ])('refuses adding a section with %j', async (body: Record<string, unknown>, message) => {
    const site = await createSite(app, org, { title: 'Strict' });
    const sent = body.spaceId === 'GUIDE' ? { ...body, spaceId: spaces.Guide.id } : body;
    expectError(await app.post(sectionsOf(site.id), sent), 400, message);
  });

  it.each([
    [{ title: 'x' }, /title/],
    [{ path: '' }, /path/],
    [{ path: 'a/b' }, /path must not contain/],
    [{ condition: '' }, /condition/],
    [{ description: 'd'.repeat(257) }, /description/],
    [{ icon: '' }, /icon/],
    [{ default: true }, /default/],
  ])('refuses changing a section with %j', async (body, message) => {
    const site = await createSite(app, org, { title: 'Strict' });
    const section = await addSection(site.id, { spaceId: spaces.Guide.id });
    expectError(await app.patch(`${sectionsOf(site.id)}/${section.id}`, body), 400, message);
  });

  it('groups sections; a group answers its sections; removing or deleting puts them back at the top level', async () => {
    const site = await createSite(app, org, { title: 'Groups' });
    const [a, b, c] = [
      await addSection(site.id, { spaceId: spaces.Guide.id }),
      await addSection(site.id, { spaceId: spaces.API.id }),
      await addSection(site.id, { spaceId: spaces.Blog.id }),
    ];
    const created = await app.post(groupsOf(site.id), { title: 'Reference', icon: 'code', sections: [b.id, c.id] });
    valid(schemas, 'POST', TS.groups, created, 'SiteSectionGroup');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'site-section-group',
      title: 'Reference',
      icon: 'code',
      draft: false,
      sections: [{ id: b.id, sectionGroup: created.body.id }, { id: c.id }],
    });
    expect(created.body.children).toEqual(created.body.sections);
    expect(await shape(site.id)).toEqual(['guide*(guide*)', '[Reference: api(api*) blog(blog*)]']);
    const g = created.body.id;
    const out = await app.delete(`${groupsOf(site.id)}/${g}/sections/${b.id}`);
    valid(schemas, 'DELETE', `${TS.groupSections}/{siteSectionId}`, out);
    expect(out.status).toBe(205);
    expect(await shape(site.id)).toEqual(['guide*(guide*)', '[Reference: blog(blog*)]', 'api(api*)']);
    const back = await app.post(`${groupsOf(site.id)}/${g}/sections`, { sectionId: a.id });
    valid(schemas, 'POST', TS.groupSections, back, 'SiteSectionGroup');
    expect(back.status).toBe(201);
    expect(await shape(site.id)).toEqual(['[Reference: blog(blog*) guide*(guide*)]', 'api(api*)']);
    const renamed = await app.patch(`${groupsOf(site.id)}/${g}`, { title: 'Ref', icon: null });
    valid(schemas, 'PATCH', TS.group, renamed, 'SiteSectionGroup');
    expect(renamed.body).toMatchObject({ title: 'Ref' });
    expect(renamed.body).not.toHaveProperty('icon');
    const groups = await app.get(groupsOf(site.id));
    valid(schemas, 'GET', TS.groups, groups, 'SiteSectionGroup');
    expect(groups.body).toMatchObject({ count: 1, items: [{ id: g }] });
    const deleted = await app.delete(`${groupsOf(site.id)}/${g}`);
    expect(deleted.status).toBe(205);
    expect((await app.get(groupsOf(site.id))).body.count).toBe(0);
    expect((await collectAll(app, sectionsOf(site.id))).map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    expectError(await app.post(groupsOf(site.id), { title: 'Bad', sections: ['nope'] }), 400, /sections\[0\]: no section nope/);
    expectError(await app.post(groupsOf(site.id), { title: '' }), 400, /title/);
    expectError(await app.post(groupsOf(site.id), { title: 't'.repeat(101) }), 400, /title/);
    expectError(await app.delete(`${groupsOf(site.id)}/${g}`), 404, /site section group not found/);
  });

  it('adds a section straight into a group with siteSectionGroupId (GitBook), at its end; an unknown group is 404', async () => {
    const site = await createSite(app, org, { title: 'Grouped adds' });
    const a = await addSection(site.id, { spaceId: spaces.Guide.id });
    const g = (await app.post(groupsOf(site.id), { title: 'Reference', sections: [a.id] })).body.id;
    const added = await app.post(sectionsOf(site.id), { spaceId: spaces.FAQ.id, siteSectionGroupId: g });
    valid(schemas, 'POST', TS.sections, added, 'SiteSection');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ sectionGroup: g });
    expect(await shape(site.id)).toEqual(['[Reference: guide*(guide*) faq(faq*)]']);
    expectError(
      await app.post(sectionsOf(site.id), { spaceId: spaces.Blog.id, siteSectionGroupId: 'nope' }),
      404,
      /section group not found/,
    );
    expect(await shape(site.id)).toEqual(['[Reference: guide*(guide*) faq(faq*)]']);
  });

  it('sorts the structure and keeps the deprecated moves working', async () => {
    const site = await createSite(app, org, { title: 'Sorting', spaces: [spaces.Guide.id, spaces.API.id, spaces.Blog.id] });
    const [g, a, b] = (await app.get(siteSpacesOf(org, site.id))).body.items;
    const sorted = await app.patch(`${sitePath(org, site.id)}/structure/sort`, {
      item: { type: 'site-space', id: b.id },
      position: { before: { type: 'site-space', id: g.id } },
    });
    valid(schemas, 'PATCH', TS.sort, sorted, 'SiteStructureItem');
    expect(sorted.status).toBe(200);
    expect(sorted.body).toMatchObject({ object: 'site-space', id: b.id });
    expect(await shape(site.id)).toEqual(['blog', 'guide*', 'api']);
    const moved = await app.post(`${siteSpacePath(org, site.id, g.id)}/move`, {
      position: { after: { type: 'site-space', siteSpace: a.id } },
    });
    valid(schemas, 'POST', TS.siteSpaceMove, moved, 'SiteSpace');
    expect(moved.status).toBe(200);
    expect(await shape(site.id)).toEqual(['blog', 'api', 'guide*']);
    expect((await app.post(`${siteSpacePath(org, site.id, b.id)}/move`, {})).status).toBe(200);
    expect(await shape(site.id)).toEqual(['api', 'guide*', 'blog']);
    const s1 = await addSection(site.id, { spaceId: spaces.FAQ.id, title: 'First' });
    const s2 = await addSection(site.id, { spaceId: spaces.Changelog.id, title: 'Second' });
    const s3 = await addSection(site.id, { spaceId: spaces.Changelog.id, title: 'Third' });
    const sectionMove = await app.post(`${sectionsOf(site.id)}/${s3.id}/move`, {
      position: { before: { type: 'site-section', siteSection: s1.id } },
    });
    valid(schemas, 'POST', TS.sectionMove, sectionMove, 'SiteSection');
    expect((await app.get(sectionsOf(site.id))).body.items.map((x: any) => x.title)).toEqual(['Third', 'First', 'Second']);
    const group = (await app.post(groupsOf(site.id), { title: 'Later', sections: [s2.id] })).body;
    const groupMove = await app.post(`${groupsOf(site.id)}/${group.id}/move`, {
      position: { before: { type: 'site-section', id: s3.id } },
    });
    valid(schemas, 'POST', TS.groupMove, groupMove, 'SiteSectionGroup');
    expect((await shape(site.id)).map((x: string) => x.replace(/\(.*\)/, ''))).toEqual(['[Later: second]', 'third', 'first*']);
    // A section placed next to a grouped section joins its group.
    await app.patch(`${sitePath(org, site.id)}/structure/sort`, {
      item: { type: 'site-section', id: s1.id },
      position: { after: { type: 'site-section', id: s2.id } },
    });
    expect((await shape(site.id)).map((x: string) => x.replace(/\([^)]*\)/g, ''))).toEqual(['[Later: second first*]', 'third']);
    const sort = (body: object) => app.patch(`${sitePath(org, site.id)}/structure/sort`, body);
    expectError(await sort({ item: { type: 'site-section', id: 'nope' }, position: {} }), 404, /site section not found/);
    expectError(
      await sort({ item: { type: 'site-section', id: s1.id }, position: { before: { type: 'site-section', id: 'nope' } } }),
      400,
      /position.before: no site-section nope/,
    );
    expectError(
      await sort({ item: { type: 'site-section', id: s1.id }, position: { before: { type: 'site-section', id: s1.id } } }),
      400,
      /cannot move next to itself/,
    );
    expectError(
      await sort({ item: { type: 'site-section-group', id: group.id }, position: { before: { type: 'site-section', id: s1.id } } }),
      400,
      /is not at the level/,
    );
    expectError(
      await sort({
        item: { type: 'site-section', id: s1.id },
        position: { before: { type: 'site-section', id: s3.id }, after: { type: 'site-section', id: s3.id } },
      }),
      400,
      /before or after, not both/,
    );
    expectError(await sort({ item: { type: 'site-page', id: s1.id }, position: {} }), 400, /type must be one of/);
    expectError(await sort({ item: { type: 'site-section', id: s1.id } }), 400, /position/);
    const fromSection = (await app.get(sectionsOf(site.id))).body.items[0].siteSpaces[0];
    expectError(
      await sort({
        item: { type: 'site-space', id: fromSection.id },
        position: { before: { type: 'site-space', id: s3.siteSpaces[0].id } },
      }),
      400,
      /is not at the level/,
    );
  });

  it('pages sections with count and next', async () => {
    const site = await createSite(app, org, { title: 'Paged' });
    for (const title of ['One', 'Two', 'Three']) await addSection(site.id, { spaceId: spaces.Guide.id, title });
    const first = await app.get(`${sectionsOf(site.id)}?limit=2`);
    expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    expect((await collectAll(app, `${sectionsOf(site.id)}?limit=2`)).map((x) => x.title)).toEqual(['One', 'Two', 'Three']);
  });

  it('answers 403 to non-managers and 404 to outsiders on section and group routes', async () => {
    const site = await createSite(app, org, { title: 'Guarded' });
    const section = await addSection(site.id, { spaceId: spaces.Guide.id });
    expectError(await app.post(sectionsOf(site.id), { spaceId: spaces.Guide.id }, cast.reader.token), 403, /adding a section/);
    expectError(await app.patch(`${sectionsOf(site.id)}/${section.id}`, { title: 'No' }, cast.editor.token), 403, /changing a section/);
    expectError(await app.post(groupsOf(site.id), { title: 'No' }, cast.reader.token), 403, /adding a section group/);
    expectError(await app.get(sectionsOf(site.id), cast.outsider.token), 404);
    expectError(await app.get(`${sitePath(org, site.id)}/structure`, cast.guest.token), 403);
    expect((await app.get(`${sitePath(org, site.id)}/structure`, cast.reader.token)).status).toBe(200);
    expect((await app.post(sectionsOf(site.id), { spaceId: spaces.API.id }, cast.creator.token)).status).toBe(201);
  });
});
