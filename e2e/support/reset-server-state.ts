import fs from 'node:fs';
import pg from 'pg';
import { E2E_DATA_DIR } from './environment.ts';

/*
 * Run before the browser tests' server starts (playwright.config.ts): every run begins on an empty
 * data folder and, under `npm run test:pg`, an empty PostgreSQL database, so nothing from an
 * earlier run leaks into it.
 */

fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });

const databaseUrl = process.env.E2E_DATABASE_URL;
const adminUrl = process.env.E2E_ADMIN_DATABASE_URL;
if (databaseUrl && adminUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
