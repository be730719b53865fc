/** Throwaway databases on a PostgreSQL server, for tests (buildTestApp, the suite's migrated template). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on `serverUrl` over a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database of random name (`emporium_test_…`) on the server, empty or as a copy of the `template` database;
 * returns its name, its URL and a function that drops it.
 */
export async function throwawayPostgres(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `emporium_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
