import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { admin, createUser, userIdOf, signIn, type TestUser } from '../../support/fixtures.ts';
import { makeCreator, seedVideos, uniqueTag } from '../../support/videos.ts';
import { seedComments } from '../../support/comments.ts';

/*
 * Every screen checked by axe-core against WCAG 2.1 A and AA (labels, names, roles, contrast) and
 * its best practices (landmarks, heading order, named dialogs), on a 375 px phone and a 1280 px
 * desktop, as a visitor, a creator and the superadmin.
 */

const VIEWPORTS = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
];

const SCREENS: { who: 'visitor' | 'creator' | 'superadmin'; path: string; heading: string }[] = [
  { who: 'visitor', path: '/', heading: 'Bienvenue dans les coulisses' },
  { who: 'visitor', path: '/login', heading: 'Espace créateurs' },
  { who: 'visitor', path: '/privacy', heading: 'Politique de confidentialité' },
  { who: 'visitor', path: '/cgv', heading: 'Conditions générales d’utilisation' },
  { who: 'creator', path: '/dashboard', heading: 'Tes stats' },
  { who: 'creator', path: '/videos', heading: 'Mes vidéos' },
  { who: 'creator', path: '/addvideo', heading: 'Ajouter une vidéo' },
  { who: 'creator', path: '/pagesettings', heading: 'Page' },
  { who: 'creator', path: '/account', heading: 'Mon compte' },
  { who: 'creator', path: '/comments', heading: 'Commentaires' },
  { who: 'superadmin', path: '/dashboard', heading: 'Tes stats' },
  { who: 'superadmin', path: '/allvideos', heading: 'Toutes les vidéos' },
  { who: 'superadmin', path: '/featured', heading: 'À la une' },
  { who: 'superadmin', path: '/discounts', heading: 'Discounts' },
  { who: 'superadmin', path: '/adddiscount', heading: 'Ajouter un discount' },
  { who: 'superadmin', path: '/users', heading: 'Abonnés' },
  { who: 'superadmin', path: '/creators', heading: 'Créateurs' },
  { who: 'superadmin', path: '/journal', heading: 'Journal' },
  { who: 'superadmin', path: '/comments', heading: 'Commentaires' },
];

let creator: TestUser;

test.beforeAll(async () => {
  const made = await makeCreator({ live: true });
  const [video] = await seedVideos(made.id, [`Accessible ${uniqueTag()}`, `Lisible ${uniqueTag()}`]);
  // Comments in every state the moderation list shows: plain, reported, hidden.
  const member = await userIdOf((await createUser({ prefix: 'membre', creator: false })).email);
  await seedComments(video!.id, member, ['Très belle vidéo, merci !']);
  await seedComments(video!.id, member, ['Signalé et masqué'], { reportedBy: [member], hidden: true });
  creator = { email: made.email, password: made.password };
});

async function openAs(browser: Browser, who: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  if (who === 'creator') await signIn(context, creator);
  if (who === 'superadmin') await signIn(context, admin);
  return context;
}

async function violationsOf(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    where: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
}

for (const viewport of VIEWPORTS) {
  for (const screen of SCREENS) {
    test(`${screen.path} as ${screen.who} at ${viewport.width} px has no axe violation`, async ({
      browser,
    }) => {
      const context = await openAs(browser, screen.who, viewport);
      try {
        const page = await context.newPage();
        await page.goto(screen.path);
        await expect(
          page.getByRole('heading', { level: 1, name: screen.heading, exact: true }),
        ).toBeVisible();
        await expect(page.getByText(/^Chargement/)).toHaveCount(0);
        expect(await violationsOf(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

test('the alert box and the confirmation modal are named and have no axe violation', async ({ browser }) => {
  const visitor = await openAs(browser, 'visitor', VIEWPORTS[0]!);
  const superadmin = await openAs(browser, 'superadmin', VIEWPORTS[0]!);
  try {
    const page = await visitor.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('personne@exemple.fr');
    await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Connexion' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Information' })).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);

    const adminPage = await superadmin.newPage();
    await adminPage.goto('/allvideos');
    await adminPage
      .getByRole('button', { name: /^Supprimer la vidéo/ })
      .first()
      .click();
    await expect(adminPage.getByRole('dialog', { name: /^Supprimer « .+ » \?$/ })).toBeVisible();
    expect(await violationsOf(adminPage)).toEqual([]);
  } finally {
    await visitor.close();
    await superadmin.close();
  }
});

test('the screen of a session check that failed has no axe violation', async ({ browser }) => {
  const context = await openAs(browser, 'creator', VIEWPORTS[0]!);
  try {
    const page = await context.newPage();
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 503, body: 'Service Unavailable' }),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
