import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((m) =>
      // class-validator starts messages with the property name; give the full path for nested fields.
      m.startsWith(`${error.property} `) ? `${path}${m.slice(error.property.length)}` : m.startsWith('property ') ? m.replace(/^property \S+/, `property ${path}`) : `${path}: ${m}`,
    );
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
