import { Injectable, PipeTransform } from '@nestjs/common';
import { invalid } from '@docs/platform';
import { INTEGRATION_NAME, INTEGRATION_NAME_MAX } from './integration.decider';

/** `{integrationName}`: at most 100 letters, digits, `-`, `_` and `.` (400 otherwise). */
@Injectable()
export class IntegrationNamePipe implements PipeTransform<string, string> {
  transform(name: string): string {
    if (name.length > INTEGRATION_NAME_MAX || !INTEGRATION_NAME.test(name))
      throw invalid(`integrationName must be 1 to ${INTEGRATION_NAME_MAX} letters, digits, "-", "_" or "."`);
    return name;
  }
}
