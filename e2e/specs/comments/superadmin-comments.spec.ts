import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { signUpMember, seedComments, appListsComment } from '../../support/comments.ts';
import { admin, signIn } from '../../support/fixtures.ts';
import { withDatabase } from '../../support/server-state.ts';
import { makeCreator, seedVideos, signInCreator, uniqueTag } from '../../support/videos.ts';

const comments = (page: Page) => page.getByRole('list', { name: 'Commentaires' }).getByRole('listitem');

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Rechercher dans le texte des commentaires' }).fill(term);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

test.beforeEach(async ({ context }) => {
  await signIn(context, admin);
});

test('the superadmin sees every comment, reported ones first, and the dashboard counts those waiting', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, [`Débat ${tag}`]);
  const author = await signUpMember(request, `Auteur ${tag}`);
  const reporters = [await signUpMember(request, `R1 ${tag}`), await signUpMember(request, `R2 ${tag}`)];
  await seedComments(video!.id, author.id, [`Ancien mais signalé ${tag}`], {
    reportedBy: reporters.map((reporter) => reporter.id),
  });
  await seedComments(video!.id, author.id, [`Récent et sage ${tag}`]);

  await page.goto('/dashboard');
  const card = page.locator('.stat-card').filter({ hasText: 'Commentaires signalés' });
  await expect(card).toContainText('En attente de ta décision');
  await card.getByRole('link', { name: 'Modérer' }).click();
  await expect(page).toHaveURL(/\/comments$/);
  await search(page, tag);
  await expect(comments(page)).toHaveCount(2);
  await expect(comments(page).first()).toContainText(`Ancien mais signalé ${tag}`);
  await expect(comments(page).first().getByText('Signalé 2 fois')).toBeVisible();
  await expect(comments(page).last()).toContainText(`Récent et sage ${tag}`);
});

test('deleting asks first, naming the comment, and removes it for good', async ({ page, request }) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, [`Ménage ${tag}`]);
  const author = await signUpMember(request, `Troll ${tag}`);
  const text = `Achetez mes lunettes ${tag}`;
  await seedComments(video!.id, author.id, [text]);
  await page.goto('/comments');
  await search(page, tag);
  await page.getByRole('button', { name: `Supprimer ${quoted(text)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Supprimer ${quoted(text)} ?` });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Aucun commentaire ne correspond à ta recherche.')).toBeVisible();
  expect(await appListsComment(request, video!.id, text)).toBe(false);
});

test('a muted member can no longer comment; their comments stay; unmuting gives the voice back', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, [`Sourdine ${tag}`]);
  const author = await signUpMember(request, `Bavard ${tag}`);
  const text = `Premier message ${tag}`;
  await seedComments(video!.id, author.id, [text]);
  await page.goto('/comments');
  await search(page, tag);

  await page.getByRole('button', { name: `Mettre en sourdine Bavard ${tag}` }).click();
  await page
    .getByRole('dialog', { name: `Mettre Bavard ${tag} en sourdine ?` })
    .getByRole('button', { name: 'Mettre en sourdine' })
    .click();
  await expect(comments(page).first().getByText('Auteur en sourdine')).toBeVisible();
  const refused = await request.post(`/api/public/videos/${video!.id}/comments`, {
    headers: author.headers,
    data: { text: 'Encore moi' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    MESSAGES.commentsMuted,
  );
  expect(await appListsComment(request, video!.id, text)).toBe(true);

  await page.getByRole('button', { name: `Rendre la parole à Bavard ${tag}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rendre la parole' }).click();
  await expect(comments(page).first().getByText('Auteur en sourdine')).toHaveCount(0);
  const allowed = await request.post(`/api/public/videos/${video!.id}/comments`, {
    headers: author.headers,
    data: { text: 'Merci !' },
  });
  expect(allowed.status()).toBe(201);
});

test('a creator sees neither delete nor mute, and the Vidéos menu leads both to Commentaires', async ({
  page,
  browser,
  request,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, [`Menu ${tag}`]);
  const author = await signUpMember(request, `Curieux ${tag}`);
  await seedComments(video!.id, author.id, [`Bonjour ${tag}`]);

  const creatorContext = await browser.newContext();
  await signInCreator(creatorContext, creator);
  const creatorPage = await creatorContext.newPage();
  await creatorPage.goto('/dashboard');
  const nav = creatorPage.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('button', { name: 'Vidéos' }).click();
  await nav.getByRole('link', { name: 'Commentaires' }).click();
  await expect(comments(creatorPage)).toHaveCount(1);
  await expect(creatorPage.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);
  await expect(creatorPage.getByRole('button', { name: /sourdine/ })).toHaveCount(0);
  await creatorContext.close();

  await page.goto('/comments');
  await search(page, tag);
  await expect(page.getByRole('button', { name: `Supprimer ${quoted(`Bonjour ${tag}`)}` })).toBeVisible();
});

test('Abonnés tells who may comment, and mutes or unmutes a member with no comment left', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const creator = await makeCreator({ live: true });
  const [video] = await seedVideos(creator.id, [`Abonnés ${tag}`]);
  const member = await signUpMember(request, `Silencieux ${tag}`);
  const email = await withDatabase(
    async (db) =>
      (await db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow())
        .email,
  );
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: 'autorisés' })).toBeVisible();

  await row.getByRole('button', { name: `Mettre en sourdine ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mettre en sourdine' }).click();
  await expect(row.getByText('En sourdine')).toBeVisible();
  const refused = await request.post(`/api/public/videos/${video!.id}/comments`, {
    headers: member.headers,
    data: { text: 'Puis-je ?' },
  });
  expect(refused.status()).toBe(403);

  await row.getByRole('button', { name: `Rendre la parole à ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rendre la parole' }).click();
  await expect(row.getByRole('cell', { name: 'autorisés' })).toBeVisible();
});
