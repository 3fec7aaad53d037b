import { UseCaseRoutes } from '@docs/platform';
import { SitesPresenter } from './sites.presenter';

/** What every sites controller holds: the use cases its routes dispatch to, and the presenter of their answers. */
export abstract class SiteRoutes extends UseCaseRoutes(SitesPresenter) {}
