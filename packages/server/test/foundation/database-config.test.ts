import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { configError } from './config-error.ts';

describe('database configuration', () => {
  it('keeps SQLite in DATA_DIR when DATABASE_URL is unset, reading on the main thread unless told otherwise', () => {
    expect(loadConfig({}, '/srv').database).toEqual({ kind: 'sqlite', readThreads: 0 });
    expect(loadConfig({ SQLITE_READ_THREADS: '0' }, '/srv').database).toEqual({
      kind: 'sqlite',
      readThreads: 0,
    });
    expect(loadConfig({ SQLITE_READ_THREADS: '16' }, '/srv').database).toEqual({
      kind: 'sqlite',
      readThreads: 16,
    });
  });

  it('refuses a read thread count out of range, with SQLite or PostgreSQL', () => {
    for (const value of ['17', '-1', 'deux', '1.5']) {
      for (const env of [{}, { DATABASE_URL: 'postgres://db/c' }]) {
        expect(configError({ ...env, SQLITE_READ_THREADS: value }).message).toBe(
          `SQLITE_READ_THREADS doit être un entier entre 0 et 16 (reçu : "${value}").`,
        );
      }
    }
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/c', SQLITE_READ_THREADS: '2' }, '/srv').database.kind,
    ).toBe('postgres');
  });

  it('switches to PostgreSQL with DATABASE_URL, with a pool of 10 unless DATABASE_POOL_SIZE says otherwise', () => {
    const url = 'postgres://coulisses:secret@db.interne:5432/coulisses';
    expect(loadConfig({ DATABASE_URL: url }, '/srv').database).toEqual({
      kind: 'postgres',
      url,
      poolSize: 10,
    });
    expect(
      loadConfig({ DATABASE_URL: `postgresql://db.interne/coulisses`, DATABASE_POOL_SIZE: '25' }, '/srv')
        .database,
    ).toEqual({ kind: 'postgres', url: 'postgresql://db.interne/coulisses', poolSize: 25 });
  });

  it('refuses what is not a PostgreSQL address, naming the variable and an example', () => {
    for (const value of ['mysql://db/coulisses', 'coulisses.sqlite', 'postgres://']) {
      expect(configError({ DATABASE_URL: value }).message).toBe(
        'DATABASE_URL doit être une adresse PostgreSQL, par exemple postgres://coulisses:motdepasse@127.0.0.1:5432/coulisses.',
      );
    }
  });

  it('refuses a pool size out of range, and a pool size without a database to pool', () => {
    for (const value of ['0', '201', 'dix', '2.5']) {
      expect(configError({ DATABASE_URL: 'postgres://db/c', DATABASE_POOL_SIZE: value }).message).toBe(
        `DATABASE_POOL_SIZE doit être un entier entre 1 et 200 (reçu : "${value}").`,
      );
    }
    expect(configError({ DATABASE_POOL_SIZE: '5' }).message).toBe(
      "DATABASE_POOL_SIZE ne sert qu'avec DATABASE_URL : définis les deux, ou aucun.",
    );
  });
});
