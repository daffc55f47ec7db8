import SQLite from 'better-sqlite3';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../src/lib/ids.ts';

const WORDS = ['tarte', 'yoga', 'montagne', 'vélo', 'guitare', 'aquarelle', 'café', 'jardin', 'danse', 'ski'];

/**
 * Many videos at once, straight in the database (a bulk insert in one transaction), spread over
 * a few published creators and categories, with titles a search can find.
 */
export function seedVideos(databaseFile: string, count: number, creatorIds: string[], categoryIds: string[]) {
  const sqlite = new SQLite(databaseFile);
  const insertVideo = sqlite.prepare(
    `INSERT INTO videos (id, title, title_lowercase, title_search, hor_img_url, ver_img_url, video_url, creator_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = sqlite.prepare('INSERT INTO video_category_links (video_id, category_id) VALUES (?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = newId();
      const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} n°${i}`;
      const creator = creatorIds[i % creatorIds.length]!;
      insertVideo.run(
        id,
        title,
        title.toLowerCase(),
        searchKey(title),
        `videos/${creator}/${id}-h.jpg`,
        `videos/${creator}/${id}-v.jpg`,
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        creator,
        Date.now(),
      );
      insertLink.run(id, categoryIds[i % categoryIds.length]!);
    }
  })();
  sqlite.close();
}

export function seedCreatorsAndCategories(databaseFile: string, creators: number, categories: number) {
  const sqlite = new SQLite(databaseFile);
  const creatorIds: string[] = [];
  const categoryIds: string[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < creators; i += 1) {
      const id = newId();
      const email = `bench-${i}-${id}@exemple.fr`;
      sqlite
        .prepare(
          `INSERT INTO users (id, email, password_hash, is_creator, is_superadmin, created_at) VALUES (?, ?, 'x', 1, 0, ?)`,
        )
        .run(id, email, Date.now());
      sqlite
        .prepare(
          `INSERT INTO creators (id, email, title, is_live, is_active, updated_at) VALUES (?, ?, ?, 1, 1, ?)`,
        )
        .run(id, email, `Créateur ${i}`, Date.now());
      creatorIds.push(id);
    }
    for (let i = 0; i < categories; i += 1) {
      const id = newId();
      const name = `Catégorie ${i}`;
      sqlite
        .prepare('INSERT INTO video_categories (id, name, name_key, created_at) VALUES (?, ?, ?, ?)')
        .run(id, name, searchKey(name), Date.now());
      categoryIds.push(id);
    }
  })();
  sqlite.close();
  return { creatorIds, categoryIds };
}
