import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { imageSize } from 'image-size';
import { BlobStore, ContextCommand, invalid } from '@docs/platform';
import {
  IntegrationBlock,
  IntegrationContentSource,
  IntegrationDefinition,
  integrationIdOf,
  IntegrationRuntime,
  IntegrationTarget,
  IntegrationVisibility,
  StoredImage,
} from './integration.decider';
import { IntegrationWriter } from './integration-writer';
import { IntegrationView, IntegrationViews } from './integration-views';

/** The publishIntegration body, validated at the edge; images are base64, the script is text. */
export interface PublishInput {
  runtime?: IntegrationRuntime;
  icon?: string;
  title: string;
  description: string;
  summary?: string;
  previewImages?: string[];
  visibility?: IntegrationVisibility;
  target?: IntegrationTarget;
  scopes: string[];
  categories?: string[];
  blocks?: IntegrationBlock[];
  contentSources?: IntegrationContentSource[];
  externalLinks?: { url: string; label: string }[];
  configurations?: Record<string, unknown>;
  script: string;
  organization: string;
  secrets?: Record<string, string>;
  contentSecurityPolicy?: string | Record<string, string>;
}

export class PublishIntegration extends ContextCommand<{ name: string; input: PublishInput }, IntegrationView> {}

/** The type of an image its bytes say, or undefined when they are not an image. */
export function imageTypeOf(bytes: Buffer): string | undefined {
  try {
    return imageSize(bytes).type;
  } catch {
    return undefined;
  }
}

/**
 * publishIntegration: an admin of `organization` publishes the name, or publishes it again (the
 * version goes up); a name another organization owns is 409. The script, the images and the
 * secrets become blobs: the events hold their hashes only, and secrets are never answered.
 */
@CommandHandler(PublishIntegration)
export class PublishIntegrationHandler implements ICommandHandler<PublishIntegration> {
  constructor(
    private readonly writer: IntegrationWriter,
    private readonly views: IntegrationViews,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ props: { name, input }, ctx }: PublishIntegration): Promise<IntegrationView> {
    const image = async (base64: string, field: string): Promise<StoredImage> => {
      const bytes = Buffer.from(base64, 'base64');
      const type = imageTypeOf(bytes);
      if (!type) throw invalid(`${field} must be a base64 image`);
      return { hash: (await this.blobs.put(bytes)).hash, type };
    };
    const secrets = input.secrets && Object.keys(input.secrets).length > 0 ? input.secrets : undefined;
    const definition: IntegrationDefinition = {
      runtime: input.runtime ?? 'v1',
      title: input.title,
      description: input.description,
      ...(input.summary !== undefined ? { summary: input.summary } : {}),
      ...(input.icon !== undefined ? { icon: await image(input.icon, 'icon') } : {}),
      previewImages: await Promise.all((input.previewImages ?? []).map((p, i) => image(p, `previewImages[${i}]`))),
      visibility: input.visibility ?? 'private',
      target: input.target ?? 'all',
      scopes: [...new Set(input.scopes)],
      categories: [...new Set(input.categories ?? [])],
      blocks: input.blocks ?? [],
      contentSources: input.contentSources ?? [],
      externalLinks: input.externalLinks ?? [],
      configurations: input.configurations ?? {},
      scriptHash: (await this.blobs.put(Buffer.from(input.script, 'utf8'))).hash,
      ...(secrets ? { secretsHash: (await this.blobs.put(Buffer.from(JSON.stringify(Object.entries(secrets).sort()), 'utf8'))).hash } : {}),
      ...(input.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: input.contentSecurityPolicy } : {}),
    };
    await this.writer.execute(
      integrationIdOf(name),
      { type: 'PublishIntegration', name, organizationId: input.organization, definition },
      ctx,
    );
    return this.views.visible(name, ctx.actor);
  }
}
