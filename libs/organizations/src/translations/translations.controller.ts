import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery } from '@docs/platform';
import { CreateTranslationSettings } from './create-translation-settings';
import { DeleteTranslationSettings } from './delete-translation-settings';
import { GetTranslationSettings } from './get-translation-settings';
import { ListTranslationSettings } from './list-translation-settings';
import { OrganizationScope } from '../shared/organization-scope';
import { UpdateTranslationSettings } from './update-translation-settings';
import { CreateTranslationSettingsBody, UpdateTranslationSettingsBody } from './translation.dto';
import { OrgScope } from '../shared/org-scope';
import { MemberRoutes } from '../shared/member-routes';
import { TranslationsPresenter } from './translations.presenter';
import { TranslationSettingsDoc } from './translations.read-model';
import { TranslationSettingsResponse } from '../responses';

@ApiController('v1/orgs/:organizationId/translations', 'translations')
export class TranslationsController extends MemberRoutes(TranslationsPresenter) {
  @Endpoint('GET', '', { answers: [TranslationSettingsResponse] })
  @Operation('listOrganizationTranslations', 'List translation settings')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: PageQuery) {
    const list = new ListTranslationSettings({ page: pageOf(query) }, scope);
    return this.presentPageTo(scope, list, (doc, caller) => this.present.settings(doc, caller));
  }

  @Endpoint('POST', '', { answers: TranslationSettingsResponse, located: true })
  @Operation('createOrganizationTranslation', 'Create translation settings')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateTranslationSettingsBody) {
    const languages = body.languages ?? [];
    return this.settings(scope, this.useCases.command(new CreateTranslationSettings({ title: body.title, languages }, scope)));
  }

  @Endpoint('GET', ':translationSettingsId', { answers: TranslationSettingsResponse })
  @Operation('getOrganizationTranslation', 'Get translation settings')
  async get(@OrgScope() scope: OrganizationScope, @Param('translationSettingsId') translationSettingsId: string) {
    return this.settings(scope, this.useCases.query(new GetTranslationSettings({ translationSettingsId }, scope)));
  }

  @Endpoint('PUT', ':translationSettingsId', { answers: TranslationSettingsResponse })
  @Operation('updateOrganizationTranslation', 'Update translation settings')
  async update(
    @OrgScope() scope: OrganizationScope,
    @Param('translationSettingsId') translationSettingsId: string,
    @Body() body: UpdateTranslationSettingsBody,
  ) {
    const { title, languages } = body;
    return this.settings(scope, this.useCases.command(new UpdateTranslationSettings({ translationSettingsId, title, languages }, scope)));
  }

  @Endpoint('DELETE', ':translationSettingsId', { status: 205, answers: null })
  @Operation('deleteOrganizationTranslation', 'Delete translation settings')
  async remove(@OrgScope() scope: OrganizationScope, @Param('translationSettingsId') translationSettingsId: string) {
    await this.useCases.command(new DeleteTranslationSettings({ translationSettingsId }, scope));
  }

  /** Translation settings as the caller sees them: their role in the organization decides the permissions shown. */
  private async settings(scope: OrganizationScope, settings: Promise<TranslationSettingsDoc>): Promise<TranslationSettingsResponse> {
    return this.present.settings(await settings, await scope.member());
  }
}
