import { Module } from '@nestjs/common';
import { FileLinkSigner } from './file-link-signer';
import { UrlSigningKey } from './url-signing-key';

/** The key of the URLs served without a token (PDF exports, files' downloadURL), and the files' signer. */
@Module({
  providers: [UrlSigningKey, FileLinkSigner],
  exports: [UrlSigningKey, FileLinkSigner],
})
export class SignedUrlsModule {}
