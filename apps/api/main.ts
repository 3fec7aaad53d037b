import { loadConfig } from '@docs/platform';
import { createApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  console.log(`docs-platform API listening on http://${config.host}:${config.port} (data: ${config.eventStoreUrl ? 'EventStoreDB' : config.dataDir})`);
}

main().catch((error: unknown) => {
  // A configured server that cannot be reached gives one clear line, not a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`docs-platform API failed to start: ${message}`);
  process.exit(1);
});
