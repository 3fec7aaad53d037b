import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsOptionalNotNull, Stacked } from './validators';

type Accepted = string | boolean;

/**
 * A field GitBook's API takes that this server does not serve. Declared, so that a request naming
 * it is a 400 saying why (`draft is not supported: …`) rather than the generic "should not exist",
 * and so that the served document states what is taken: only `accepted` (GitBook's default, which
 * changes nothing) where given, else no value at all (`not: {}`).
 */
export function NotServed(name: string, why: string, ...accepted: Accepted[]): PropertyDecorator {
  const only = accepted.length > 0 ? `; only ${accepted.map((v) => JSON.stringify(v)).join(' or ')} is accepted` : '';
  const message = `${name} is not supported: ${why}${only}`;
  return Stacked(
    ApiPropertyOptional(
      accepted.length > 0
        ? { type: typeof accepted[0] === 'boolean' ? Boolean : String, enum: accepted, description: message }
        : { not: {}, description: message },
    ),
    IsOptionalNotNull(),
    IsIn(accepted, { message }),
  );
}
