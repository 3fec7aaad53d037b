import { BadRequestException, Type } from '@nestjs/common';
import { createValidationPipe } from '../http/validation/validation';

/** The 400 message the platform's validation answers for `body` as a request of class `metatype`, or null when it is valid. */
export async function validationProblem(metatype: Type<unknown>, body: unknown): Promise<string | null> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype });
    return null;
  } catch (error) {
    return (error as BadRequestException).message;
  }
}
