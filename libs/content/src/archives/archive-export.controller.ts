import { applyDecorators, Body, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, AppConfig, ApiController, Endpoint, Operation, UseCases } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { SignedDownloadRoute, SignedDownloads, uncachedDownload } from '../signed-urls/signed-downloads';
import { ArchiveExportDoc } from './archive-exports.read-model';
import { ARCHIVE_DOWNLOAD_PATH } from './archive-link-signer';
import { RequestArchiveExportBody } from './archive-export.dto';
import { ArchiveExportResponse } from './archive-export.response';
import { DownloadArchive } from './download-archive';
import { ArchiveExportView, GetArchiveExport } from './get-archive-export';
import { RequestOrganizationArchiveExport, RequestSpaceArchiveExport } from './request-archive-export';

const WHY = "Exports of content as zip archives in GitBook's git layout: GitBook removed its export";
const Extension = () => applyDecorators(ApiExtension('x-docs-extension', { gitbook: false, why: WHY }));

/** Archive exports (docs/content-api.md, "Archives"): background jobs, polled, with a signed download URL once done. */
@ApiController('v1', 'content')
export class ArchiveExportsController {
  constructor(
    private readonly useCases: UseCases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint('POST', 'spaces/:spaceId/archive-exports', { status: 202, answers: ArchiveExportResponse })
  @Operation('exportSpaceArchive', "Start exporting a space's live content as a zip archive in GitBook's git layout")
  @Extension()
  async space(@InSpace() scope: SpaceScope): Promise<ArchiveExportResponse> {
    return this.present({ job: await this.useCases.command(new RequestSpaceArchiveExport({}, scope)) });
  }

  @Endpoint('POST', 'orgs/:organizationId/archive-exports', { status: 202, answers: ArchiveExportResponse })
  @Operation(
    'exportOrganizationArchive',
    "Start exporting a collection's or the organization's spaces as a zip archive, a folder per space",
  )
  @Extension()
  async organization(@OrgScope() scope: OrganizationScope, @Body() body: RequestArchiveExportBody): Promise<ArchiveExportResponse> {
    const props = body.collection !== undefined ? { collection: body.collection } : {};
    return this.present({ job: await this.useCases.command(new RequestOrganizationArchiveExport(props, scope)) });
  }

  @Endpoint('GET', 'orgs/:organizationId/archive-exports/:exportId', { answers: ArchiveExportResponse })
  @Operation('getArchiveExport', 'Get an archive export: its status and, once completed, a signed URL of the archive')
  @Extension()
  async get(@OrgScope() scope: OrganizationScope, @Param('exportId') exportId: string): Promise<ArchiveExportResponse> {
    return this.present(await this.useCases.query(new GetArchiveExport({ exportId }, scope)));
  }

  private present({ job, downloadUrl }: Partial<ArchiveExportView> & { job: ArchiveExportDoc }): ArchiveExportResponse {
    const target = job.target.kind === 'organization' ? { kind: job.target.kind } : { kind: job.target.kind, id: job.target.id };
    return {
      object: 'archive-export',
      id: job.id,
      organization: job.organizationId,
      target,
      status: job.status,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      ...(job.size !== undefined ? { size: job.size } : {}),
      ...(job.spaces !== undefined ? { spaces: job.spaces } : {}),
      ...(job.reason !== undefined ? { error: job.reason } : {}),
      urls: {
        location: `${this.config.publicUrl}/v1/orgs/${job.organizationId}/archive-exports/${job.id}`,
        ...(downloadUrl ? { download: downloadUrl } : {}),
      },
    };
  }
}

/** Where a signed archive URL points. */
@SignedDownloads(ARCHIVE_DOWNLOAD_PATH)
export class ArchiveDownloadsController {
  constructor(private readonly useCases: UseCases) {}

  @SignedDownloadRoute()
  @Operation('downloadArchive', 'The zip archive a signed URL names (the urls.download of getArchiveExport)')
  @Extension()
  async download(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { filename, bytes } = await this.useCases.query(new DownloadArchive({ token }));
    return uncachedDownload(reply, bytes, { type: 'application/zip', disposition: `attachment; filename="${filename}"` });
  }
}
