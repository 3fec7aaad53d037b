import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const root = path.split('.')[0]!;
    const own = Object.values(error.constraints ?? {}).map((m) => {
      // class-validator starts messages with the property name; give the full path for nested fields.
      if (m.startsWith(`${error.property} `)) return `${path}${m.slice(error.property.length)}`;
      if (m.startsWith('property ')) return m.replace(/^property \S+/, `property ${path}`);
      // Custom messages that already name the field (or its top-level parent) stay as written.
      if (m.startsWith(root)) return m;
      return `${path}: ${m}`;
    });
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * Global validation: unknown fields are rejected, types and limits from the seed are enforced,
 * and the 400 message names every offending field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(flatten(errors).join('; ') || 'invalid request'),
  });
}
