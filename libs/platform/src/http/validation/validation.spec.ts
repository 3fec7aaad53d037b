import { ValidationPipe } from '@nestjs/common';
import { IsObject, IsString } from 'class-validator';
import { parseJsonBody } from '../json-body';
import { createValidationPipe } from './validation';

class Edit {
  @IsString()
  title!: string;

  @IsObject()
  document!: Record<string, unknown>;
}

const asBody = { type: 'body' as const, metatype: Edit };

/** Nest's own walks of a value: for prototype keys, and for the gaps of sparse arrays. */
const walks = () => ({
  strip: jest.spyOn(ValidationPipe.prototype as unknown as { stripProtoKeys(value: unknown): void }, 'stripProtoKeys'),
  gaps: jest.spyOn(ValidationPipe.prototype as unknown as { closeArrayGaps(value: unknown): void }, 'closeArrayGaps'),
});

describe('the validation pipe and the bodies of our JSON parser', () => {
  afterEach(() => jest.restoreAllMocks());

  it('does not walk a body the parser answered again: it refused prototype keys, and JSON has no gaps', async () => {
    const { strip, gaps } = walks();
    const nodes = Array.from({ length: 1000 }, () => ({ object: 'block', nodes: [{ object: 'text', leaves: [] }] }));
    const body = parseJsonBody(JSON.stringify({ title: 'Wide', document: { nodes } }));
    const edit = (await createValidationPipe().transform(body, asBody)) as Edit;
    expect(edit).toBeInstanceOf(Edit);
    expect((edit.document.nodes as unknown[]).length).toBe(1000);
    expect(strip).not.toHaveBeenCalled();
    expect(gaps).not.toHaveBeenCalled();
  });

  it('still walks any other value (a body that did not come through the parser)', async () => {
    const { strip, gaps } = walks();
    await createValidationPipe().transform({ title: 'Plain', document: {} }, asBody);
    expect(strip).toHaveBeenCalledTimes(1);
    expect(gaps).toHaveBeenCalledTimes(1);
  });

  it('the parser refuses prototype keys at any depth, so skipping the walk lets none through', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(() => parseJsonBody(`{"title":"x","document":{"nodes":[{"${key}":{"polluted":true}}]}}`)).toThrow(
        `document.nodes[0]: property ${key} is not allowed`,
      );
    }
  });
});
