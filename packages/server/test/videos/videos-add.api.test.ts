import { makeImage } from '../images.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_VIDEOS_CAP } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, publishPage } from '../factories.ts';
import {
  YOUTUBE_ID,
  addVideo,
  listIds,
  makeLiveCreator,
  makeVideoCategory,
  postVideo,
  storedVideoImages,
  validVideoForm,
  videoForm,
} from './video-fixtures.ts';

let t: TestApp;
let category: string;

beforeAll(async () => {
  // The latest list is tested under 30 simultaneous adds by one creator: no upload limit in the way.
  t = await buildTestApp({ UPLOAD_CONCURRENCY: '30', UPLOADS_PER_USER: '30' });
  category = await makeVideoCategory(t, 'Cuisine');
});
afterAll(async () => {
  await t.close();
});

const videoCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the add-video gate', () => {
  it('refuses anonymous callers', async () => {
    const response = await postVideo(t, undefined, videoForm(await validVideoForm(category)));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a creator whose page is not published, before storing anything', async () => {
    const creator = await makeSignedIn(t);
    const before = await storedVideoImages(t);
    const response = await postVideo(t, creator.cookie, videoForm(await validVideoForm(category)));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.pageNotLiveForVideos);
    expect(await storedVideoImages(t)).toEqual(before);
  });

  it('refuses a suspended creator even with a published page', async () => {
    const creator = await makeLiveCreator(t);
    await t.db.updateTable('creators').set({ is_active: 0 }).where('id', '=', creator.id).execute();
    const response = await postVideo(t, creator.cookie, videoForm(await validVideoForm(category)));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.accountSuspended);
  });
});

describe('adding a video', () => {
  it('stores the video with a normalised link, its categories and two exact-size images', async () => {
    const creator = await makeLiveCreator(t);
    const second = await makeVideoCategory(t);
    const form = videoForm({
      title: '  Été à Paris  ',
      link: `https://m.youtube.com/watch?feature=share&v=${YOUTUBE_ID}&t=3`,
      categories: [category, second],
      horizontal: await makeImage(4000, 3000, 'jpeg'),
      vertical: await makeImage(1080, 1920, 'png'),
    });
    const response = await postVideo(t, creator.cookie, form);
    expect(response.statusCode, response.body).toBe(201);
    const video = response.json();
    expect(video).toMatchObject({
      title: 'Été à Paris',
      title_lowercase: 'été à paris',
      video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      creatorId: creator.id,
      is_active: true,
    });
    expect([...video.categories].sort()).toEqual([category, second].sort());

    const sizes: Record<string, { width: number; height: number }> = {};
    for (const [field, url] of [
      ['hor', video.hor_img_url],
      ['ver', video.ver_img_url],
    ] as const) {
      expect(url).toMatch(new RegExp(`^/files/videos/${creator.id}/[A-Za-z0-9_-]+\\.jpg$`));
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('jpeg');
      sizes[field] = { width: metadata.width, height: metadata.height };
    }
    expect(sizes).toEqual({ hor: { width: 900, height: 600 }, ver: { width: 600, height: 900 } });

    const row = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(row.title_search).toBe('ete a paris');
    expect(row.hor_img_url).toBe(video.hor_img_url.replace('/files/', ''));
    expect(await listIds(t, 'latest_videos')).toContain(video.id);
  });

  it('turns a photo upright from its EXIF orientation before cropping', async () => {
    const creator = await makeLiveCreator(t);
    // Stored sideways (left red, right blue) with orientation 6: shown upright it is red on top.
    const sideways = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 150, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } },
          })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const form = await validVideoForm(category);
    const response = await postVideo(t, creator.cookie, videoForm({ ...form, vertical: sideways }));
    expect(response.statusCode, response.body).toBe(201);
    const key = response.json().ver_img_url.replace('/files/', '');
    const { data, info } = await sharp((await t.storage.read(key))!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
    };
    expect(info.width).toBe(600);
    expect(info.height).toBe(900);
    expect(pixel(300, 100)[0]).toBeGreaterThan(200);
    expect(pixel(300, 800)[2]).toBeGreaterThan(200);
  });

  it.each([
    ['no title', { title: '' }],
    ['a blank title', { title: '   ' }],
    ['no link', { link: undefined }],
    ['no category', { categories: [] }],
    ['no horizontal image', { horizontal: undefined }],
    ['no vertical image', { vertical: undefined }],
  ])('refuses a form with %s, with the spec message', async (_, change) => {
    const creator = await makeLiveCreator(t);
    const before = await videoCount();
    const response = await postVideo(
      t,
      creator.cookie,
      videoForm({ ...(await validVideoForm(category)), ...change }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.videoFieldsMissing);
    expect(await videoCount()).toBe(before);
  });

  it.each([
    'https://vimeo.com/123456',
    `https://www.youtube.com/embed/${YOUTUBE_ID}`,
    'https://www.youtube.com/watch?list=PL1',
    'pas un lien',
  ])('refuses the link %s with the spec message', async (link) => {
    const creator = await makeLiveCreator(t);
    const response = await postVideo(
      t,
      creator.cookie,
      videoForm({ ...(await validVideoForm(category)), link }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.invalidYoutubeUrl);
  });

  it('refuses a file that is not an image, and stores nothing', async () => {
    const creator = await makeLiveCreator(t);
    const before = { files: await storedVideoImages(t), videos: await videoCount() };
    const form = await validVideoForm(category);
    const response = await postVideo(
      t,
      creator.cookie,
      videoForm({ ...form, vertical: Buffer.from('%PDF-1.4 pas une image du tout') }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.imageInvalid);
    expect(response.json().error.fields).toEqual({ vertical: MESSAGES.imageInvalid });
    expect({ files: await storedVideoImages(t), videos: await videoCount() }).toEqual(before);
  });

  it('refuses an image over the pixel limit, and stores nothing', async () => {
    const creator = await makeLiveCreator(t);
    const before = await storedVideoImages(t);
    const huge = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: { r: 1, g: 1, b: 1 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await postVideo(
      t,
      creator.cookie,
      videoForm({ ...(await validVideoForm(category)), horizontal: huge }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.imageTooManyPixels);
    expect(await storedVideoImages(t)).toEqual(before);
  });

  it('refuses an unknown category, and leaves no video nor file behind', async () => {
    const creator = await makeLiveCreator(t);
    const before = { files: await storedVideoImages(t), videos: await videoCount() };
    const form = await validVideoForm('pas-une-categorie');
    const response = await postVideo(t, creator.cookie, videoForm(form));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.categories).toBeTruthy();
    expect({ files: await storedVideoImages(t), videos: await videoCount() }).toEqual(before);
  });

  it('refuses unexpected file parts', async () => {
    const creator = await makeLiveCreator(t);
    const form = videoForm(await validVideoForm(category));
    form.append('autre', new Blob([new Uint8Array(await makeImage(10, 10))]), 'x.png');
    const response = await postVideo(t, creator.cookie, form);
    expect(response.statusCode).toBe(400);
  });

  it('follows the creator for is_active (derived from the page and the account)', async () => {
    const creator = await makeLiveCreator(t);
    const id = await addVideo(t, creator, category, 'Visible');
    const mine = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/videos/mine', headers: { cookie: creator.cookie } })
      ).json<{ items: { id: string; is_active: boolean }[] }>().items;
    expect((await mine()).find((v) => v.id === id)?.is_active).toBe(true);
    await publishPage(t, creator.id, false);
    expect((await mine()).find((v) => v.id === id)?.is_active).toBe(false);
  });
});

describe('the latest list', () => {
  it('keeps exactly the 11 newest of 30 simultaneous adds, each once', async () => {
    const creator = await makeLiveCreator(t);
    const form = await validVideoForm(category);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postVideo(t, creator.cookie, videoForm({ ...form, title: `Course ${i}` })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
    const latest = await listIds(t, 'latest_videos');
    expect(latest).toHaveLength(LATEST_VIDEOS_CAP);
    expect(new Set(latest).size).toBe(LATEST_VIDEOS_CAP);
    // Adds take the list in turn and stamp their date once they hold it: the list runs oldest to
    // newest, and no video left out is newer than the oldest one kept.
    const dates = new Map(
      (await t.db.selectFrom('videos').select(['id', 'created_at']).execute()).map((row) => [
        row.id,
        Number(row.created_at),
      ]),
    );
    const kept = latest.map((id) => dates.get(id)!);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    const leftOut = [...dates].filter(([id]) => !latest.includes(id)).map(([, date]) => date);
    expect(Math.max(...leftOut)).toBeLessThanOrEqual(kept[0]!);
  });
});
