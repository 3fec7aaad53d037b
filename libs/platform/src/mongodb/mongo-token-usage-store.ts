import type { Collection, MongoClient } from 'mongodb';
import { TokenUsageStore } from '../auth/token-usage-store';
import { MongoStoreOptions, openMongoStore } from './mongo-driver';

/** Collection `token_usage` of MONGO_DB (chosen with MONGO_URL): `{ _id: tokenId, lastUsedAt }`. */
export class MongoTokenUsageStore extends TokenUsageStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly usage: Collection<{ _id: string; lastUsedAt: string }>,
  ) {
    super();
  }

  static connect(options: MongoStoreOptions): Promise<MongoTokenUsageStore> {
    return openMongoStore(
      options,
      'token usage store',
      async (client) => new MongoTokenUsageStore(client, client.db(options.dbName).collection('token_usage')),
      { ignoreUndefined: true },
    );
  }

  async noteUse(tokenId: string, at: string): Promise<void> {
    await this.usage.updateOne({ _id: tokenId }, { $max: { lastUsedAt: at } }, { upsert: true });
  }

  async lastUsed(tokenIds: string[]): Promise<Map<string, string>> {
    if (tokenIds.length === 0) return new Map();
    const docs = await this.usage.find({ _id: { $in: tokenIds } }).toArray();
    return new Map(docs.map((d) => [d._id, d.lastUsedAt]));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
