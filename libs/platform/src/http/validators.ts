import { ValidateIf } from 'class-validator';

/**
 * For optional fields that must not be null: skipped when absent, validated (and so rejected) when
 * null. class-validator's IsOptional would let null through, which PATCH would read as "clear".
 */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);
