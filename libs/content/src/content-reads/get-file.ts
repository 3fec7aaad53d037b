import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { ContentAt, ContentQuery, ContentView } from '../revisions/read-content';

export interface FileView {
  view: ContentView;
  file: FileNode;
}

export class GetFile extends ContentQuery<{ fileId: string }, FileView> {}

/** getFileById, getFileInChangeRequestById, getFileInRevisionById: one file of the revision; 404 when it has none by that id. */
@QueryHandler(GetFile)
export class GetFileHandler implements IQueryHandler<GetFile> {
  constructor(private readonly contentAt: ContentAt) {}

  async execute({ props: { location, fileId }, scope }: GetFile): Promise<FileView> {
    const view = await this.contentAt.view(scope, location);
    const file = view.content.files.find((f) => f.id === fileId);
    if (!file) throw notFound(`file not found: ${fileId}`);
    return { view, file };
  }
}
