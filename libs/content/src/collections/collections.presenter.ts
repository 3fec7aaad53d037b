import { Role } from '@docs/kernel';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { collectionPermissions } from './collections.policy';
import { CollectionDoc } from './collections.read-model';
import { CollectionResponse } from './collection.response';

/** GitBook's Collection object, with URLs and the caller's permissions. No I/O: the use cases read everything. */
@Injectable()
export class CollectionsPresenter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `role` is the caller's organization role (null: a guest, who sees a collection only when it is shared). */
  collection(collection: CollectionDoc, role: Role | null): CollectionResponse {
    return {
      object: 'collection' as const,
      id: collection.id,
      title: collection.title,
      description: collection.description,
      organization: collection.organizationId,
      ...(collection.parent ? { parent: collection.parent } : {}),
      defaultLevel: collection.defaultLevel,
      urls: {
        location: `${this.config.publicUrl}/v1/collections/${collection.id}`,
        app: `${this.config.appUrl}/o/${collection.organizationId}/c/${collection.id}`,
      },
      permissions: collectionPermissions(role),
    };
  }
}
