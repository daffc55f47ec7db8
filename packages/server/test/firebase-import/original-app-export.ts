/**
 * A small copy of the original app's Firestore data with every case the import must handle,
 * written as each export tool would write it.
 */
type Doc = Record<string, unknown>;
type Collections = Record<string, Record<string, Doc>>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A timestamp as firestore-export-import writes it. */
const at = (epochMs: number) => ({
  _seconds: Math.floor(epochMs / 1000),
  _nanoseconds: (epochMs % 1000) * 1e6,
});

export const youtube = (n: number) => `https://www.youtube.com/watch?v=vid${String(n).padStart(8, '0')}`;

export function originalCollections(now = Date.now()): Collections {
  const videos: Record<string, Doc> = {};
  for (let n = 1; n <= 14; n += 1) {
    videos[`v${n}`] = {
      title: `Recette numéro ${n}`,
      title_lowercase: `recette numéro ${n}`,
      video_url: youtube(n),
      hor_img_url: `https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/videos%2Fh${n}.jpg?alt=media`,
      ver_img_url: `https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/videos%2Fv${n}.jpg?alt=media`,
      categories: ['cat-cuisine'],
      // Older videos name their creator with creator_id.
      ...(n % 2 === 0 ? { creatorId: 'u-live' } : { creator_id: 'u-live' }),
      is_active: true,
    };
  }
  videos.v13 = { ...videos.v13, creatorId: 'u-draft', creator_id: undefined, title_lowercase: undefined };
  videos.v14 = { ...videos.v14, creatorId: 'u-suspended', categories: ['cat-cuisine', 'cat-gone'] };
  videos['v-orphan'] = {
    title: 'Sans créateur',
    video_url: youtube(99),
    categories: [],
    creatorId: 'u-nobody',
  };
  videos['v-badlink'] = { title: 'Mauvais lien', video_url: 'https://vimeo.com/1', creatorId: 'u-live' };

  return {
    users: {
      'u-admin': { email: 'Admin@Original.fr', is_creator: true, is_superadmin: true },
      'u-live': { email: 'live@original.fr', is_creator: true, total_views: 1200, total_clicks: 34 },
      'u-draft': { email: 'draft@original.fr', is_creator: true },
      'u-suspended': { email: 'suspended@original.fr', is_creator: true },
      'u-fan': { email: 'fan@original.fr', pseudonym: 'Fanfan', total_views: 7 },
      'u-google': { email: 'google@original.fr' },
      'u-twin': { email: 'LIVE@original.fr' },
      'u-bad': { email: 'pas-un-email' },
      'u-noauth': { email: 'noauth@original.fr' },
    },
    creators: {
      'u-admin': { title: 'La régie', is_live: false, is_active: true, videos: [] },
      'u-live': {
        title: 'Cuisine de Léa',
        bio: 'Des recettes simples.',
        email: 'live@original.fr',
        home_video_url: youtube(1),
        is_live: true,
        is_active: true,
        total_views: 1200,
        total_clicks: 34,
        // Lists v99 (no such video) and misses v12.
        videos: ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11', 'v99'],
      },
      'u-draft': { title: 'Brouillon', is_live: false, is_active: true, videos: ['v13'] },
      'u-suspended': { title: 'Suspendu', is_live: true, is_active: false, videos: ['v14'] },
    },
    videos,
    video_categories: {
      'cat-cuisine': { name: 'Cuisine' },
      'cat-cuisine-twin': { name: 'cuisiné' },
      'cat-sport': { name: 'Sport' },
    },
    discount_categories: { 'dcat-mode': { name: 'Mode' } },
    discounts: {
      'd-running': {
        title: 'Moins 20 %',
        link: 'https://boutique.fr',
        code: 'COULISSES20',
        start_date: at(now - 3 * DAY_MS),
        end_date: at(now + 3 * DAY_MS),
        categories: ['dcat-mode'],
        image_url:
          'https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/discount_images%2Fd1.jpg?alt=media',
        views: 321,
        clicks: 12,
      },
      'd-past': {
        title: 'Soldes d’hiver',
        link: 'https://boutique.fr/hiver',
        start_date: at(now - 60 * DAY_MS),
        end_date: at(now - 30 * DAY_MS),
        categories: ['dcat-mode'],
        image_url: '',
        views: 5,
        clicks: 1,
      },
      'd-nodates': { title: 'Sans dates', link: 'https://boutique.fr', categories: [] },
    },
    featured_videos: {
      videos: {
        video_id: ['v12', 'v11', 'v10', 'v9', 'v8', 'v7', 'v6', 'v5', 'v4', 'v3', 'v2', 'v1', 'gone'],
      },
    },
    latest_videos: {
      videos: {
        video_id: ['gone', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11', 'v12'],
      },
    },
    totals: { views: { views: 1527 }, clicks: { clicks: 47 } },
  };
}

/** The same data as node-firestore-import-export writes it. */
export function asNodeFirestoreImportExport(collections: Collections) {
  const typed = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(typed);
    if (value && typeof value === 'object') {
      if ('_seconds' in value) return { __datatype__: 'timestamp', value };
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typed(field)]));
    }
    return value;
  };
  return {
    __collections__: Object.fromEntries(
      Object.entries(collections).map(([name, docs]) => [
        name,
        Object.fromEntries(
          Object.entries(docs).map(([id, doc]) => [id, { ...(typed(doc) as Doc), __collections__: {} }]),
        ),
      ]),
    ),
  };
}
