import { ApiProperty } from '@nestjs/swagger';

/** The answer of importArchive / importArchiveInChangeRequest (this server's extension). */
export class ArchiveImportedResponse {
  @ApiProperty({ type: String, description: 'The revision the import created (of the live content, or of the change request)' })
  revision!: string;

  @ApiProperty({ type: Number, description: 'Pages and files imported' })
  importedResources!: number;

  @ApiProperty({ type: Number, description: 'Pages and files the archive holds (all of them are imported, or none)' })
  totalResources!: number;
}
