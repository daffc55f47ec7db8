import type { FirestoreDocument } from './firestore-export.ts';

/** Field readers that forgive what a schemaless store lets through (numbers as strings, absent fields). */
export function textField(doc: FirestoreDocument, ...names: string[]): string {
  for (const name of names) {
    const value = doc[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

export function countField(doc: FirestoreDocument, name: string): number {
  const value = Number(doc[name] ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function flagField(doc: FirestoreDocument, name: string, fallback = false): boolean {
  const value = doc[name];
  if (value === undefined || value === null) return fallback;
  return value === true || value === 1 || value === 'true';
}

/** An epoch-ms time (the export reader turns timestamps into those), or undefined. */
export function timeField(doc: FirestoreDocument, ...names: string[]): number | undefined {
  for (const name of names) {
    const value = doc[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value !== '' && Number.isFinite(Date.parse(value)))
      return Date.parse(value);
  }
  return undefined;
}

export function idsField(doc: FirestoreDocument, name: string): string[] {
  const value = doc[name];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== '') : [];
}
