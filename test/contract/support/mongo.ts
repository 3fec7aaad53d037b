import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';

/** A database name no other contract run uses. */
export const freshMongoDbName = () => `contract_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** Drops a contract suite's database once the suite is done. */
export async function dropMongoDatabase(url: string, dbName: string): Promise<void> {
  const client = await MongoClient.connect(url);
  try {
    await client.db(dbName).dropDatabase();
  } finally {
    await client.close();
  }
}
