import { Injectable } from '@nestjs/common';
import { BlobStore, notFound } from '@docs/platform';
import { MemberDoc, OrganizationDirectory, OrganizationView } from '@docs/organizations';
import { StoredImage } from './integration.decider';
import { administersIntegrations, Standing } from './integrations.policy';
import { IntegrationDoc, IntegrationsReadModel } from './integrations.read-model';

/** An integration with what presenting it to the caller needs: its owner and the caller's membership there, its images. */
export interface IntegrationView {
  doc: IntegrationDoc;
  owner: { view: OrganizationView; caller: MemberDoc | null };
  /** `data:` URIs of the icon and preview images (their bytes are blobs). */
  images: { icon?: string; previewImages: string[] };
}

const MIME: Record<string, string> = { svg: 'image/svg+xml', jpg: 'image/jpeg', ico: 'image/x-icon', tiff: 'image/tiff' };
const mimeOf = (type: string) => MIME[type] ?? `image/${type}`;

/** The caller is a member of the organization with a role (guests are not). */
export const isRoleMember = (caller: MemberDoc | null): boolean => caller !== null && !caller.disabled && caller.role !== null;
/** The caller's standing in an organization, from their membership (a disabled member has none). */
export const standingOf = (caller: MemberDoc | null): Standing => (caller !== null && !caller.disabled ? caller.role : undefined);
/** The caller administers the organization. */
export const isAdmin = (caller: MemberDoc | null): boolean => administersIntegrations(standingOf(caller));

/**
 * Builds IntegrationViews, and decides visibility: public and unlisted integrations are read by
 * anyone authenticated, private ones only by members (with a role) of the owner organization;
 * anyone else gets 404, so a private integration is never revealed.
 */
@Injectable()
export class IntegrationViews {
  constructor(
    private readonly read: IntegrationsReadModel,
    private readonly directory: OrganizationDirectory,
    private readonly blobs: BlobStore,
  ) {}

  async all(docs: IntegrationDoc[], userId: string): Promise<IntegrationView[]> {
    const owners = await this.directory.organizationViews(
      docs.map((d) => d.organizationId),
      userId,
    );
    return Promise.all(
      docs.flatMap((doc) => {
        const owner = owners.get(doc.organizationId);
        return owner ? [this.images(doc).then((images) => ({ doc, owner, images }))] : [];
      }),
    );
  }

  /** The integration as the caller may see it; 404 when it does not exist or is private to an organization the caller is not in. */
  async visible(name: string, userId: string): Promise<IntegrationView> {
    const doc = await this.read.byName(name);
    const [view] = doc ? await this.all([doc], userId) : [];
    if (!view || (doc!.visibility === 'private' && !isRoleMember(view.owner.caller))) throw notFound('integration not found');
    return view;
  }

  private async images(doc: IntegrationDoc): Promise<IntegrationView['images']> {
    const uri = async (image: StoredImage) => {
      const bytes = await this.blobs.get(image.hash);
      return bytes ? `data:${mimeOf(image.type)};base64,${bytes.toString('base64')}` : undefined;
    };
    const icon = doc.icon ? await uri(doc.icon) : undefined;
    const previewImages = (await Promise.all(doc.previewImages.map(uri))).filter((u): u is string => u !== undefined);
    return { ...(icon ? { icon } : {}), previewImages };
  }
}
