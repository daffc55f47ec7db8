import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { diskStorage } from '../../lib/disk-storage.ts';
import { absoluteUrls } from './catalogue.service.ts';

const storage = diskStorage(os.tmpdir());

describe('absoluteUrls', () => {
  it('gives the same URL as resolving each image against PUBLIC_URL', () => {
    for (const base of [
      'https://api.coulisses.fr',
      'https://exemple.fr/coulisses/',
      'http://127.0.0.1:3000',
    ]) {
      const url = absoluteUrls(storage, base);
      for (const key of [
        'videos/u1/Abc_d-9.jpg',
        'discount_images/x.jpg',
        'https://firebasestorage.googleapis.com/v0/b/app/o/videos%2Fa.jpg?alt=media&token=t',
        'http://Exemple.FR/a b.jpg',
        'videos/../../etc/passwd',
        'videos/a b.jpg',
      ]) {
        expect(url(key), `${base} ${key}`).toBe(new URL(storage.urlFor(key), base).href);
      }
    }
  });

  it('leaves an empty image empty', () => {
    expect(absoluteUrls(storage, 'https://api.coulisses.fr')('')).toBe('');
  });
});
