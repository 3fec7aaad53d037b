import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { ImportRunDoc } from './import-runs.read-model';
import { ImportRunResponse } from './import-run.response';

/** GitBook's ContentImportRun. No I/O. */
@Injectable()
export class ImportRunsPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  run(doc: ImportRunDoc): ImportRunResponse {
    return {
      object: 'import-run' as const,
      id: doc.id,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      status: doc.status,
      ...(doc.startedAt ? { startedAt: doc.startedAt } : {}),
      ...(doc.completedAt ? { completedAt: doc.completedAt } : {}),
      ...(doc.reason !== undefined ? { reason: doc.reason } : {}),
      source: { ...doc.source },
      target: { ...doc.target },
      ...(doc.site !== undefined ? { site: doc.site } : {}),
      createdBy: doc.createdBy,
      urls: { location: `${this.config.publicUrl}/v1/org/${doc.organizationId}/imports/${doc.id}` },
      ...(doc.pages
        ? {
            pages: doc.pages.map((page) => ({
              id: page.id,
              ...(page.sourceURL !== undefined ? { sourceURL: page.sourceURL } : {}),
              type: page.type ?? ('page' as const),
              status: 'complete' as const,
            })),
          }
        : {}),
      importedResources: doc.importedResources,
      totalResources: doc.totalResources,
    };
  }
}
