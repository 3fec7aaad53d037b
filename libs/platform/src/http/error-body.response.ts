import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorBody, MAX_MESSAGE_LENGTH } from './error-body';

/**
 * The documented form of every non-2xx answer (error-body.ts; GitBook's `Error` schema). Published
 * as the `ErrorBody` schema; the class has another name because `ErrorBody` is already the type.
 */
@ApiSchema({ name: 'ErrorBody', description: 'The body of every error answer' })
export class ErrorBodyResponse implements ErrorBody {
  @ApiProperty({
    type: 'object',
    properties: {
      code: { type: 'integer', format: 'int32', minimum: 400, maximum: 599, description: 'The HTTP status of the answer' },
      message: {
        type: 'string',
        maxLength: MAX_MESSAGE_LENGTH,
        description: 'What went wrong, for people: names the field or rule at fault',
      },
    },
    required: ['code', 'message'],
    selfRequired: true,
  })
  error!: { code: number; message: string };
}
