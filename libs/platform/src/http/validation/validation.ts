import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { isCheckedBody } from '../json-body';
import { shapeProblems } from './nested-shapes';
import { unknownProperties } from './unknown-properties';
import { memoizeValidationMetadata } from './validation-metadata-memo';

/**
 * One message per offending field: the rule written first in the request class (decorators
 * register bottom-up, so it is the last constraint), which is the type check where there is one.
 */
function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    // Items of a list as `changes[0]`, as the other checks (and the domain's messages) name them.
    const path = !parent ? error.property : /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`;
    const root = path.split(/[.[]/)[0]!;
    const first = Object.values(error.constraints ?? {})
      .slice(-1)
      .map((m) => {
        // class-validator starts messages with the property name; give the full path for nested fields.
        if (m.startsWith(`${error.property} `)) return `${path}${m.slice(error.property.length)}`;
        if (m.startsWith('property ')) return m.replace(/^property \S+/, `property ${path}`);
        // Custom messages that already name the field (or its top-level parent) stay as written.
        if (m.startsWith(root)) return m;
        return `${path}: ${m}`;
      });
    return first.length > 0 ? first : flatten(error.children ?? [], path);
  });
}

const BUILT_IN_TYPES: ReadonlySet<unknown> = new Set([Object, String, Number, Boolean, Array]);

/**
 * Refuses bodies of the wrong shape (nested-shapes.ts) and undeclared properties of bodies and
 * queries before class-transformer can reshape or drop them.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const requestClass = typeof metadata.metatype === 'function' && !BUILT_IN_TYPES.has(metadata.metatype);
    if (!requestClass || (metadata.type !== 'body' && metadata.type !== 'query')) return super.transform(value, metadata);
    if (metadata.type === 'body' && value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new BadRequestException('body must be a JSON object');
    }
    // Before the unknown properties: `item: [{ x: 1 }]` is wrong as a whole, not for its `x`.
    const misshapen = metadata.type === 'body' ? shapeProblems(value, metadata.metatype as new () => unknown) : [];
    if (misshapen.length > 0) throw new BadRequestException(misshapen.join('; '));
    const unknown = unknownProperties(value, metadata.metatype as new () => unknown);
    if (unknown.length > 0) throw new BadRequestException(unknown.map((name) => `property ${name} should not exist`).join('; '));
    return super.transform(value, metadata);
  }

  // A body of our JSON parser has neither (json-body.ts): Nest's walks for them held the loop some
  // 0.75 s over a 5 MB document of 70,000 paragraphs, which any signed-in editor may send.
  protected override closeArrayGaps(value: unknown): void {
    if (!isCheckedBody(value)) super.closeArrayGaps(value);
  }

  protected override stripProtoKeys(value: unknown): void {
    if (!isCheckedBody(value)) super.stripProtoKeys(value);
  }
}

/**
 * Global validation: unknown fields are rejected, types and limits from the seed are enforced,
 * and the 400 message names every offending field once.
 */
export function createValidationPipe(): ValidationPipe {
  memoizeValidationMetadata();
  return new RequestValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(flatten(errors).join('; ') || 'invalid request'),
  });
}
