import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { quoted } from '@coulisses/domain/rules/quoted';
import { signUpMember, seedComments, appListsComment } from '../../support/comments.ts';
import { expectNoHorizontalScroll, PHONE } from '../../support/foundation.ts';
import { makeCreator, seedVideos, signInCreator, uniqueTag, type Creator } from '../../support/videos.ts';

const comments = (page: Page) => page.getByRole('list', { name: 'Commentaires' }).getByRole('listitem');

async function creatorWithVideos(titles: string[]): Promise<{ creator: Creator; videoIds: string[] }> {
  const creator = await makeCreator({ live: true });
  const videos = await seedVideos(creator.id, titles);
  return { creator, videoIds: videos.map((video) => video.id) };
}

/** A creator with two videos, « Vélo » with two comments and « Pâtes » with one, by one member. */
async function bikeAndPastaComments(request: APIRequestContext) {
  const tag = uniqueTag();
  const { creator, videoIds } = await creatorWithVideos([`Vélo ${tag}`, `Pâtes ${tag}`]);
  const member = await signUpMember(request, `Inès ${tag}`);
  await seedComments(videoIds[0]!, member.id, ['Quel parcours !', 'Le vélo est magnifique']);
  await seedComments(videoIds[1]!, member.id, ['Recette à refaire, très réussie']);
  return { tag, creator, videoIds, member };
}

test('a comment posted from the app reaches its creator, as typed, and the dashboard counts what is new', async ({
  page,
  context,
  request,
}) => {
  const tag = uniqueTag();
  const { creator, videoIds } = await creatorWithVideos([`Recette ${tag}`]);
  const member = await signUpMember(request, `Zoé ${tag}`);
  const typed = `<b>Trop bon</b> <img src=x onerror="alert(1)"> ${tag}`;
  const posted = await request.post(`/api/public/videos/${videoIds[0]}/comments`, {
    headers: member.headers,
    data: { text: `  ${typed}  ` },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await signInCreator(context, creator);
  await page.goto('/dashboard');
  const card = page.locator('.stat-card').filter({ hasText: 'Commentaires' });
  await expect(card).toContainText('1');
  await expect(card).toContainText('1 nouveau depuis ta dernière visite');
  await card.getByRole('link', { name: 'Voir les commentaires' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Commentaires' })).toBeVisible();
  await expect(comments(page)).toHaveCount(1);
  // Shown as the text it is: no bold, no image, the markup readable.
  await expect(comments(page).first().locator('.comment-text')).toHaveText(typed);
  await expect(comments(page).first().locator('img, b')).toHaveCount(0);
  await expect(comments(page).first()).toContainText(`Zoé ${tag}`);
  await expect(comments(page).first()).toContainText(`Recette ${tag}`);

  await page.goto('/dashboard');
  await expect(page.locator('.stat-card').filter({ hasText: 'Commentaires' })).toContainText(
    'Rien de nouveau depuis ta dernière visite',
  );
});

test('hiding asks first, naming the comment; a hidden one leaves the app and can come back', async ({
  page,
  context,
  request,
}) => {
  const tag = uniqueTag();
  const { creator, videoIds } = await creatorWithVideos([`Balade ${tag}`]);
  const member = await signUpMember(request, `Léo ${tag}`);
  const text = `Franchement hors sujet, mais bon ${tag}`;
  await seedComments(videoIds[0]!, member.id, [text]);
  await signInCreator(context, creator);
  await page.goto('/comments');

  const hide = page.getByRole('button', { name: /^Masquer « Franchement hors sujet/ });
  await hide.click();
  const dialog = page.getByRole('dialog', { name: /^Masquer « Franchement hors sujet, mais bon/ });
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  expect(await appListsComment(request, videoIds[0]!, text)).toBe(true);

  await hide.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Masquer' }).click();
  await expect(comments(page).first().getByText('Masqué', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Commentaire masqué.' })).toHaveCount(1);
  expect(await appListsComment(request, videoIds[0]!, text)).toBe(false);

  await page.getByRole('button', { name: /^Afficher « Franchement hors sujet/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Afficher' }).click();
  await expect(comments(page).first().getByText('Masqué', { exact: true })).toHaveCount(0);
  expect(await appListsComment(request, videoIds[0]!, text)).toBe(true);
});

test('filters by video and by text, kept in the address; only the creator’s own videos', async ({
  page,
  context,
  request,
}) => {
  const { tag, creator, videoIds, member } = await bikeAndPastaComments(request);
  const other = await creatorWithVideos([`Ailleurs ${tag}`]);
  await seedComments(other.videoIds[0]!, member.id, ['Pas pour toi']);
  await signInCreator(context, creator);
  await page.goto('/comments');
  await expect(comments(page)).toHaveCount(3);
  await expect(page.getByText('Pas pour toi')).toHaveCount(0);

  await page
    .getByRole('button', { name: `Voir seulement les commentaires de ${quoted(`Vélo ${tag}`)}` })
    .first()
    .click();
  await expect(comments(page)).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`video=${videoIds[0]}`));
  await expect(page.getByText(`Vidéo : ${quoted(`Vélo ${tag}`)}`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Rechercher dans le texte des commentaires' }).fill('VELO');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(comments(page)).toHaveCount(1);
  await expect(comments(page).first()).toContainText('Le vélo est magnifique');
  await page.reload();
  await expect(comments(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Toutes les vidéos' }).click();
  await page.getByRole('searchbox', { name: 'Rechercher dans le texte des commentaires' }).fill('');
  await expect(comments(page)).toHaveCount(3);
});

test('two filter changes in the same moment both count: the second builds on the first', async ({
  page,
  context,
  request,
}) => {
  const { creator, videoIds } = await bikeAndPastaComments(request);
  await signInCreator(context, creator);
  await page.goto(`/comments?video=${videoIds[0]}&q=velo`);
  await expect(comments(page)).toHaveCount(1);

  // 'Toutes les vidéos' then the box emptied before the page has drawn the first change: a quick
  // thumb, or a slow phone.
  await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent === 'Toutes les vidéos',
    );
    all!.click();
    const box = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, '');
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(comments(page)).toHaveCount(3);
  await expect(page).toHaveURL(/\/comments$/);
});

test('a creator with many comments reads them 50 at a time, newest first', async ({
  page,
  context,
  request,
}) => {
  const tag = uniqueTag();
  const { creator, videoIds } = await creatorWithVideos([`Populaire ${tag}`]);
  const member = await signUpMember(request, `Fan ${tag}`);
  await seedComments(
    videoIds[0]!,
    member.id,
    Array.from({ length: 60 }, (_, i) => `Message ${String(i).padStart(2, '0')}`),
  );
  await signInCreator(context, creator);
  await page.goto('/comments');
  await expect(comments(page)).toHaveCount(50);
  await expect(comments(page).first()).toContainText('Message 59');
  await page.getByRole('button', { name: 'Charger plus' }).click();
  await expect(comments(page)).toHaveCount(60);
  await expect(comments(page).last()).toContainText('Message 00');
  await expect(page.getByRole('button', { name: 'Charger plus' })).toHaveCount(0);
});

test('on a phone, comments fit the screen and their buttons are 44 px', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const tag = uniqueTag();
  const { creator, videoIds } = await creatorWithVideos([`Téléphone ${tag}`]);
  const member = await signUpMember(request, `Noé ${tag}`);
  await seedComments(videoIds[0]!, member.id, [`${'Unmotsansespaceextrêmementlong'.repeat(4)} ${tag}`]);
  await signInCreator(context, creator);
  await page.goto('/comments');
  await expect(comments(page)).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  const box = await page.getByRole('button', { name: /^Masquer/ }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
});

test('a creator with no comment is told where they will come from', async ({ page, context }) => {
  const { creator } = await creatorWithVideos([`Calme ${uniqueTag()}`]);
  await signInCreator(context, creator);
  await page.goto('/comments');
  await expect(
    page.getByText('Aucun commentaire sur tes vidéos pour l’instant.', { exact: false }),
  ).toBeVisible();
});
