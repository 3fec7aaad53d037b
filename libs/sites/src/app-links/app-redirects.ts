import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig, errorBody } from '@docs/platform';
import { ReadModels } from '@docs/platform/projections';
import { SERVED_SITES } from '../serving/served-sites.read-model';
import { AppTarget, appTarget } from './app-routes';

/** The path this server answers `urls.app` under: APP_URL's, when APP_URL is on PUBLIC_URL's origin (its default, `PUBLIC_URL/app`). */
export function appPrefix(config: Pick<AppConfig, 'publicUrl' | 'appUrl'>): string | null {
  const app = new URL(config.appUrl);
  const path = app.pathname.replace(/\/+$/, '');
  return app.origin === new URL(config.publicUrl).origin && path !== '' ? path : null;
}

/**
 * `urls.app` leads somewhere without an editor application (README, APP_URL): with APP_URL at its
 * default, `GET PUBLIC_URL/app/...` answers 302 to where the resource can be read on this server, its
 * API URL (`urls.location`), or for a site that is published and public, its served pages. Nothing
 * is revealed: API targets are mapped from the path alone, and a site's pages only when anyone may read them.
 * These are redirects for browsers, not API operations: they are outside the OpenAPI document.
 */
@Injectable()
export class AppRedirects implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readModels: ReadModels,
  ) {}

  onModuleInit(): void {
    const prefix = appPrefix(this.config);
    if (prefix === null) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(`${prefix}/*`, (request, reply) => this.redirect(request, reply, prefix));
  }

  private async redirect(request: FastifyRequest, reply: FastifyReply, prefix: string): Promise<FastifyReply> {
    const query = request.url.indexOf('?');
    const path = query < 0 ? request.url : request.url.slice(0, query);
    const target = appTarget(path.slice(prefix.length + 1).split('/'));
    if (target === null) {
      return reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(errorBody(404, `no resource has the application path ${path}`)));
    }
    return reply
      .status(302)
      .header('cache-control', 'no-store')
      .header('location', `${this.config.publicUrl}${await this.where(target)}`)
      .send();
  }

  /** The path on this server to send the caller to. */
  private async where(target: AppTarget): Promise<string> {
    if (target.kind === 'api') return target.path;
    const site = await this.readModels.get(SERVED_SITES, decodeURIComponent(target.siteId));
    const readable =
      site !== null &&
      site.route !== null &&
      site.organizationId === decodeURIComponent(target.organizationId) &&
      site.state.settings.visibility === 'public';
    return readable ? `/sites/${site.route!.split('/').map(encodeURIComponent).join('/')}` : target.apiPath;
  }
}
