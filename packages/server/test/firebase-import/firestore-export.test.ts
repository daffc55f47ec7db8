import { describe, expect, it } from 'vitest';
import {
  FirebaseImportError,
  readFirestoreExport,
} from '../../src/modules/firebase-import/firestore-export.ts';

const CREATED = { _seconds: 1_700_000_000, _nanoseconds: 123_000_000 };
const CREATED_MS = 1_700_000_000_123;

describe('readFirestoreExport', () => {
  it('reads a firestore-export-import file: timestamps as ms, sub-collections left out', () => {
    const file = {
      videos: {
        v1: {
          title: 'Tarte aux pommes',
          categories: ['c1', 'c2'],
          created_at: CREATED,
          subCollection: { 'videos/v1/comments': { k1: { text: 'Miam' } } },
        },
      },
      totals: { views: { views: 42 } },
    };
    const parsed = readFirestoreExport(JSON.stringify(file));
    expect(parsed.format).toBe('firestore-export-import');
    expect(parsed.collections.get('videos')?.get('v1')).toEqual({
      title: 'Tarte aux pommes',
      categories: ['c1', 'c2'],
      created_at: CREATED_MS,
    });
    expect(parsed.collections.get('totals')?.get('views')).toEqual({ views: 42 });
  });

  it('reads a node-firestore-import-export file: typed values unwrapped', () => {
    const file = {
      __collections__: {
        discounts: {
          d1: {
            title: 'Moins 20 %',
            start_date: { __datatype__: 'timestamp', value: CREATED },
            creator: { __datatype__: 'documentReferenceField', value: 'creators/u1' },
            __collections__: {},
          },
        },
      },
    };
    const parsed = readFirestoreExport(JSON.stringify(file));
    expect(parsed.format).toBe('node-firestore-import-export');
    expect(parsed.collections.get('discounts')?.get('d1')).toEqual({
      title: 'Moins 20 %',
      start_date: CREATED_MS,
      creator: 'creators/u1',
    });
  });

  it('says clearly what is wrong with a file it cannot read', () => {
    expect(() => readFirestoreExport('{ pas du json')).toThrow(FirebaseImportError);
    expect(() => readFirestoreExport('[]')).toThrow('objet JSON');
    expect(() => readFirestoreExport('{"videos": {"v1": 3}}')).toThrow('videos/v1');
  });
});
