import { openPostgres } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { databaseUrlFor, onCluster, TEST_TEMPLATE_DATABASE, testDatabaseUrl } from './test-database.ts';

/** On PostgreSQL, migrates the template every test database is copied from, once per run. */
export default async function setup() {
  if (!testDatabaseUrl()) return;
  await onCluster(`drop database if exists ${TEST_TEMPLATE_DATABASE} with (force)`);
  await onCluster(`create database ${TEST_TEMPLATE_DATABASE}`);
  const template = openPostgres(databaseUrlFor(TEST_TEMPLATE_DATABASE), 1);
  try {
    await migrateToLatest(template.db);
  } finally {
    await template.close();
  }
}
