import { Injectable } from '@nestjs/common';
import { UseCases } from '@docs/platform';
import { SitesPresenter } from './sites.presenter';

/** What every sites controller holds: the use cases its routes dispatch to, and the presenter of their answers. */
@Injectable()
export abstract class SiteRoutes {
  constructor(
    protected readonly useCases: UseCases,
    protected readonly present: SitesPresenter,
  ) {}
}
