import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, invalid, OutboundFetch, OutboundFetchError } from '@docs/platform';

/**
 * A subscription's URL, checked when it is set: https, or http for a host OUTBOUND_ALLOW_HOSTS
 * names (a local receiver); no credentials; and not an address the outbound guard refuses (422,
 * as for every refused fetch). A host that does not resolve yet is accepted: deliveries to it fail
 * and are retried, and the guard checks it again on every attempt.
 */
@Injectable()
export class WebhookUrl {
  constructor(
    private readonly outbound: OutboundFetch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(url: string): Promise<string> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid('url must be an http(s) URL');
    }
    const host = parsed.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    if (parsed.protocol === 'http:' && !this.config.outboundAllowHosts.includes(host))
      throw invalid('url must be https (http only for a host in OUTBOUND_ALLOW_HOSTS)');
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalid('url must be an http(s) URL');
    if (parsed.username || parsed.password) throw invalid('url must not carry credentials');
    try {
      await this.outbound.check(parsed);
    } catch (error) {
      if (!(error instanceof OutboundFetchError) || error.reason !== 'dns') throw error;
    }
    return parsed.href;
  }
}
