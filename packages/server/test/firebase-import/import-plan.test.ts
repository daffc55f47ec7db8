import { describe, expect, it } from 'vitest';
import { readFirestoreExport } from '../../src/modules/firebase-import/firestore-export.ts';
import { planImport } from '../../src/modules/firebase-import/import-plan.ts';
import { formatReport } from '../../src/modules/firebase-import/import-report.ts';
import type { AuthUser } from '../../src/modules/firebase-import/auth-export.ts';
import { asNodeFirestoreImportExport, originalCollections } from './original-app-export.ts';

const NOW = Date.UTC(2026, 10, 23, 12);
const authUsers: AuthUser[] = [
  {
    localId: 'u-admin',
    email: 'admin@original.fr',
    passwordHash: 'aGFzaA==',
    salt: 'c2FsdA==',
    disabled: false,
  },
  {
    localId: 'u-live',
    email: 'live@original.fr',
    passwordHash: 'aGFzaA==',
    salt: 'c2FsdA==',
    disabled: false,
  },
  { localId: 'u-google', email: 'google@original.fr', disabled: false },
  {
    localId: 'u-ghost',
    email: 'ghost@original.fr',
    passwordHash: 'aGFzaA==',
    salt: 'c2FsdA==',
    disabled: false,
  },
];

function plan(format: 'firestore-export-import' | 'node-firestore-import-export') {
  const collections = originalCollections(NOW);
  const file = format === 'firestore-export-import' ? collections : asNodeFirestoreImportExport(collections);
  const firestore = readFirestoreExport(JSON.stringify(file));
  expect(firestore.format).toBe(format);
  return planImport(firestore, authUsers, NOW);
}

const problemsOf = (result: ReturnType<typeof plan>, collection: string, id: string) =>
  result.report.problems.filter((p) => p.collection === collection && p.id === id).map((p) => p.reason);

describe.each(['firestore-export-import', 'node-firestore-import-export'] as const)(
  'planImport from %s',
  (format) => {
    const result = plan(format);

    it('keeps users with a valid, unique e-mail, lowercased, and their Firebase password when they have one', () => {
      expect(result.users.map((user) => user.id)).toEqual([
        'u-admin',
        'u-live',
        'u-draft',
        'u-suspended',
        'u-fan',
        'u-google',
        'u-noauth',
      ]);
      expect(result.users[0]).toMatchObject({ email: 'admin@original.fr', is_superadmin: 1, is_creator: 1 });
      expect(result.users.find((u) => u.id === 'u-live')?.firebasePassword).toEqual({
        passwordHash: 'aGFzaA==',
        salt: 'c2FsdA==',
      });
      expect(result.users.find((u) => u.id === 'u-google')?.firebasePassword).toBeUndefined();
      expect(problemsOf(result, 'users', 'u-twin')[0]).toContain('déjà pris');
      expect(problemsOf(result, 'users', 'u-bad')[0]).toContain('invalide');
      expect(problemsOf(result, 'users', 'u-google')[0]).toContain('user password');
      expect(problemsOf(result, 'users', 'u-noauth')[0]).toContain('aucun compte Firebase Auth');
      expect(problemsOf(result, 'users', 'u-ghost')[0]).toContain('sans document Firestore');
      expect(result.report.counts.users).toEqual({ imported: 7, skipped: 2 });
    });

    it('keeps counters exactly', () => {
      expect(result.users.find((u) => u.id === 'u-live')).toMatchObject({
        total_views: 1200,
        total_clicks: 34,
      });
      expect(result.creators.find((c) => c.id === 'u-live')).toMatchObject({
        total_views: 1200,
        total_clicks: 34,
      });
      expect(result.discounts.find((d) => d.id === 'd-running')).toMatchObject({ views: 321, clicks: 12 });
      expect(result.totals).toEqual({ views: 1527, clicks: 47 });
    });

    it('reads creator_id as well as creatorId, and recomputes a missing title_lowercase', () => {
      const byId = new Map(result.videos.map((video) => [video.id, video]));
      expect(byId.get('v1')?.creator_id).toBe('u-live');
      expect(byId.get('v2')?.creator_id).toBe('u-live');
      expect(byId.get('v13')).toMatchObject({ creator_id: 'u-draft', title_lowercase: 'recette numéro 13' });
      expect(problemsOf(result, 'videos', 'v-orphan')[0]).toContain('u-nobody');
      expect(problemsOf(result, 'videos', 'v-badlink')[0]).toContain('YouTube');
      expect(byId.get('v14')?.categoryIds).toEqual(['cat-cuisine']);
      expect(problemsOf(result, 'videos', 'v14')[0]).toContain('cat-gone');
    });

    it("reports a creator's videos array that disagrees with the videos naming them, without copying it", () => {
      const [reason] = problemsOf(result, 'creators', 'u-live');
      expect(reason).toContain('v99');
      expect(reason).toContain('v12');
    });

    it('keeps the featured order cut to 10 and the newest 11 of the latest list, dropping dangling ids', () => {
      expect(result.featured).toEqual(['v12', 'v11', 'v10', 'v9', 'v8', 'v7', 'v6', 'v5', 'v4', 'v3']);
      expect(result.latest).toEqual(['v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11', 'v12']);
      expect(problemsOf(result, 'featured_videos', 'videos').join(' ')).toMatch(/gone.*v2, v1/);
      expect(problemsOf(result, 'latest_videos', 'videos').join(' ')).toMatch(/gone.*v1/);
    });

    it('keeps discount days as Paris calendar days and refuses a discount without dates', () => {
      const running = result.discounts.find((d) => d.id === 'd-running');
      expect(running?.start_date).toBe(Date.UTC(2026, 10, 20));
      expect(running?.end_date).toBe(Date.UTC(2026, 10, 26));
      expect(running?.code).toBe('COULISSES20');
      expect(problemsOf(result, 'discounts', 'd-nodates')[0]).toContain('date');
    });

    it('keeps one category per name ignoring case and accents', () => {
      expect(result.videoCategories.map((c) => c.id)).toEqual(['cat-cuisine', 'cat-sport']);
      expect(problemsOf(result, 'video_categories', 'cat-cuisine-twin')[0]).toContain('double');
    });

    it('prints a report with counts and every problem by id', () => {
      const text = formatReport(result.report);
      expect(text).toContain('users : 7 importé(s), 2 ignoré(s)');
      expect(text).toContain('- videos/v-orphan :');
    });
  },
);
