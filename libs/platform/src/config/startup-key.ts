import type { OnModuleInit } from '@nestjs/common';

/**
 * A signing key made once, as its module starts (so an unusable secret stops the start, not a
 * request): from the subclass's `secret()`, a configured secret or one kept in DATA_DIR (dataDirSecret).
 */
export abstract class StartupKey implements OnModuleInit {
  private key: Uint8Array | null = null;

  /** The secret the key is made of. */
  protected abstract secret(): string;

  onModuleInit(): void {
    this.bytes();
  }

  bytes(): Uint8Array {
    return (this.key ??= new TextEncoder().encode(this.secret()));
  }
}
