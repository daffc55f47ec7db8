import { quoted } from '@coulisses/domain/rules/quoted';

/** Which export tool wrote the file; the two common ones nest collections differently. */
export type FirestoreExportFormat = 'firestore-export-import' | 'node-firestore-import-export';

export type FirestoreValue =
  string | number | boolean | null | FirestoreValue[] | { [field: string]: FirestoreValue };

export type FirestoreDocument = Record<string, FirestoreValue>;

/** Top-level collections by name, each its documents by id; timestamps read as epoch ms. */
export interface FirestoreExport {
  format: FirestoreExportFormat;
  collections: Map<string, Map<string, FirestoreDocument>>;
}

export class FirebaseImportError extends Error {}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function seconds(value: Record<string, Json>): number | undefined {
  const s = value._seconds ?? value.seconds;
  const n = value._nanoseconds ?? value.nanoseconds ?? 0;
  if (typeof s !== 'number' || typeof n !== 'number') return undefined;
  return s * 1000 + Math.floor(n / 1e6);
}

/** Turns the tools' typed values (timestamps, references, points) into plain values. */
function plain(value: Json): FirestoreValue {
  if (Array.isArray(value)) return value.map(plain);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length <= 2 && (keys.includes('_seconds') || keys.includes('seconds'))) {
    const ms = seconds(value);
    if (ms !== undefined) return ms;
  }
  if (typeof value.__datatype__ === 'string') {
    const inner = value.value ?? null;
    if (value.__datatype__ === 'timestamp' && isObject(inner)) return seconds(inner) ?? null;
    if (value.__datatype__ === 'documentReferenceField' || value.__datatype__ === 'documentReference') {
      return typeof inner === 'string' ? inner : null;
    }
    return plain(inner);
  }
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)]));
}

function documentsOf(collection: Json, childKey: string, name: string): Map<string, FirestoreDocument> {
  if (!isObject(collection))
    throw new FirebaseImportError(`La collection ${quoted(name)} n’est pas un objet.`);
  const documents = new Map<string, FirestoreDocument>();
  for (const [id, fields] of Object.entries(collection)) {
    if (!isObject(fields)) throw new FirebaseImportError(`Le document ${name}/${id} n’est pas un objet.`);
    const own = Object.entries(fields).filter(([key]) => key !== childKey);
    documents.set(id, plain(Object.fromEntries(own)) as FirestoreDocument);
  }
  return documents;
}

/**
 * Reads a Firestore export written by `firestore-export-import` (collections at the top,
 * sub-collections under `subCollection`, timestamps as `{ _seconds, _nanoseconds }`) or by
 * `node-firestore-import-export` (`__collections__` at each level, typed values as
 * `{ __datatype__, value }`). Sub-collections are not part of the original's data model and
 * are left out.
 */
export function readFirestoreExport(text: string): FirestoreExport {
  let root: Json;
  try {
    root = JSON.parse(text) as Json;
  } catch {
    throw new FirebaseImportError('Le fichier Firestore n’est pas du JSON valide.');
  }
  if (!isObject(root)) throw new FirebaseImportError('Le fichier Firestore doit contenir un objet JSON.');
  const nested = root.__collections__;
  const format: FirestoreExportFormat = isObject(nested)
    ? 'node-firestore-import-export'
    : 'firestore-export-import';
  const top = isObject(nested) ? nested : root;
  const childKey = format === 'node-firestore-import-export' ? '__collections__' : 'subCollection';
  const collections = new Map<string, Map<string, FirestoreDocument>>();
  for (const [name, collection] of Object.entries(top)) {
    collections.set(name, documentsOf(collection, childKey, name));
  }
  return { format, collections };
}
