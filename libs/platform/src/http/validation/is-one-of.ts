import { IsIn } from 'class-validator';

/**
 * One of `values`, else a 400 naming the field and listing them (`status must be one of open,
 * draft`), followed by `more` where the field takes something else too (`or null`).
 */
export const IsOneOf = (field: string, values: readonly unknown[], more?: string): PropertyDecorator =>
  IsIn([...values], { message: `${field} must be one of ${values.join(', ')}${more === undefined ? '' : ` ${more}`}` });
