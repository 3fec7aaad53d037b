import { Injectable } from '@nestjs/common';
import { SiteWriter } from '../sites/site-writer';
import { SiteViews } from './site-views';

/**
 * The base of the use cases that change the structure and answer a part of it: they write with the writer and answer views of the result.
 */
@Injectable()
export abstract class StructureWrite {
  constructor(
    protected readonly writer: SiteWriter,
    protected readonly views: SiteViews,
  ) {}
}
