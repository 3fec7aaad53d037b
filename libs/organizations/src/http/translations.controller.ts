import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, commandContext, CurrentCaller, envelope, PageQuery, pageOf } from '@docs/platform';
import { CreateTranslationSettings } from '../application/create-translation-settings';
import { DeleteTranslationSettings } from '../application/delete-translation-settings';
import { GetTranslationSettings } from '../application/get-translation-settings';
import { ListTranslationSettings } from '../application/list-translation-settings';
import { OrganizationAccess } from '../application/organization-access';
import { UpdateTranslationSettings } from '../application/update-translation-settings';
import { CreateTranslationSettingsBody, UpdateTranslationSettingsBody } from './dto/translation.dto';
import { TranslationsPresenter } from './translations.presenter';

@ApiTags('translations')
@ApiBearerAuth()
@Controller('v1/orgs/:organizationId/translations')
export class TranslationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly access: OrganizationAccess,
    private readonly present: TranslationsPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOrganizationTranslations', summary: 'List translation settings' })
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: PageQuery) {
    const { result, caller: member } = await this.queries.execute(new ListTranslationSettings(organizationId, caller.userId, pageOf(query)));
    return envelope(result, (doc) => this.present.settings(doc, member));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createOrganizationTranslation', summary: 'Create translation settings' })
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateTranslationSettingsBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const doc = await this.commands.execute(new CreateTranslationSettings(organizationId, body.title, body.languages ?? [], commandContext(caller)));
    const presented = this.present.settings(doc, await this.callerMember(organizationId, caller));
    void reply.header('location', presented.urls.location);
    return presented;
  }

  @Get(':translationSettingsId')
  @ApiOperation({ operationId: 'getOrganizationTranslation', summary: 'Get translation settings' })
  async get(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationSettingsId') translationSettingsId: string,
  ) {
    const { settings, caller: member } = await this.queries.execute(new GetTranslationSettings(organizationId, translationSettingsId, caller.userId));
    return this.present.settings(settings, member);
  }

  @Put(':translationSettingsId')
  @ApiOperation({ operationId: 'updateOrganizationTranslation', summary: 'Update translation settings' })
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationSettingsId') translationSettingsId: string,
    @Body() body: UpdateTranslationSettingsBody,
  ) {
    const doc = await this.commands.execute(
      new UpdateTranslationSettings(organizationId, translationSettingsId, { title: body.title, languages: body.languages }, commandContext(caller)),
    );
    return this.present.settings(doc, await this.callerMember(organizationId, caller));
  }

  @Delete(':translationSettingsId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteOrganizationTranslation', summary: 'Delete translation settings' })
  async remove(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationSettingsId') translationSettingsId: string,
  ) {
    await this.commands.execute(new DeleteTranslationSettings(organizationId, translationSettingsId, commandContext(caller)));
  }

  private async callerMember(organizationId: string, caller: Caller) {
    return (await this.access.requireMember(organizationId, caller.userId)).member;
  }
}
