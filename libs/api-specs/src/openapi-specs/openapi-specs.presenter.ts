import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { SpecAccess } from './spec-access';
import { OpenAPISpecDoc, OpenAPISpecVersionDoc } from './openapi-specs.read-model';
import {
  OpenAPISpecContentUrls,
  OpenAPISpecRawContentResponse,
  OpenAPISpecResponse,
  OpenAPISpecVersionResponse,
} from './openapi-spec.response';

/** GitBook's OpenAPISpec, OpenAPISpecVersion and content objects. No I/O. */
@Injectable()
export class OpenAPISpecsPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private location(spec: Pick<OpenAPISpecDoc, 'organizationId' | 'slug'>): string {
    return `${this.config.publicUrl}/v1/orgs/${spec.organizationId}/openapi/${spec.slug}`;
  }

  spec(doc: OpenAPISpecDoc, access: SpecAccess): OpenAPISpecResponse {
    const failed = doc.lastProcessErrorCode !== undefined;
    return {
      object: 'openapi-spec' as const,
      id: doc.id,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      slug: doc.slug,
      ...('url' in doc.source ? { sourceURL: doc.source.url } : {}),
      processingState: doc.processingState,
      ...(doc.lastVersion !== undefined ? { lastVersion: doc.lastVersion } : {}),
      ...(doc.lastProcessedAt ? { lastProcessedAt: doc.lastProcessedAt } : {}),
      ...(failed
        ? {
            lastProcessErrorCode: doc.lastProcessErrorCode,
            lastProcessedErrors: [{ message: doc.lastProcessError ?? doc.lastProcessErrorCode!, code: doc.lastProcessErrorCode }],
          }
        : {}),
      lastProcessedErrorCount: failed ? 1 : 0,
      permissions: { view: access.view, edit: access.edit },
      urls: { location: this.location(doc), app: `${this.config.appUrl}/o/${doc.organizationId}/openapi/${doc.slug}` },
    };
  }

  version(spec: OpenAPISpecDoc, version: OpenAPISpecVersionDoc): OpenAPISpecVersionResponse {
    const location = `${this.location(spec)}/versions/${version.id}`;
    return {
      object: 'openapi-spec-version' as const,
      id: version.id,
      createdAt: version.createdAt,
      url: version.sourceURL ?? `${location}/content`,
      urls: { location },
    };
  }

  /**
   * GitBook's OpenAPISpecContent as JSON text around the dereferenced document's own JSON text (written
   * in a work thread), so a large document is never parsed or written again on the event loop.
   */
  contentJson(spec: OpenAPISpecDoc, version: OpenAPISpecVersionDoc, documentJson: string): string {
    const urls: OpenAPISpecContentUrls = { source: this.version(spec, version).url, public: null };
    return `{"filesystem":{"openapi.json":${documentJson}},"urls":${JSON.stringify(urls)}}`;
  }

  raw(version: OpenAPISpecVersionDoc, text: string): OpenAPISpecRawContentResponse {
    return { text, format: version.format };
  }
}
