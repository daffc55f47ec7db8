import type { Kysely } from 'kysely';
import { textType } from '../dialect.ts';

// Users moved in from Firebase keep their old password: its Firebase hash waits here until their
// first sign-in checks it and replaces it with ours (their users.password_hash stays empty till then).
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = textType(db);
  await db.schema
    .createTable('firebase_passwords')
    .addColumn('user_id', text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('salt', text, (c) => c.notNull())
    .execute();
  // The project's hash parameters, one row, written by the import.
  await db.schema
    .createTable('firebase_hash_config')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('signer_key', text, (c) => c.notNull())
    .addColumn('salt_separator', text, (c) => c.notNull())
    .addColumn('rounds', 'integer', (c) => c.notNull())
    .addColumn('mem_cost', 'integer', (c) => c.notNull())
    .execute();
  // Origins of images left where they were (Firebase Storage URLs): the CSP lets pages show them.
  await db.schema
    .createTable('outside_image_origins')
    .addColumn('origin', text, (c) => c.primaryKey())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outside_image_origins').execute();
  await db.schema.dropTable('firebase_hash_config').execute();
  await db.schema.dropTable('firebase_passwords').execute();
}
