import { Module } from '@nestjs/common';
import { AppRedirects } from './app-redirects';

/** `urls.app` answered on this server while APP_URL is at its default (README, "Configuration"). */
@Module({ providers: [AppRedirects] })
export class AppLinksModule {}
