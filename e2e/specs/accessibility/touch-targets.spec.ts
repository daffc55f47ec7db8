import { expect, test, type Page } from '@playwright/test';
import { admin, createUser, userIdOf, seedCategory, signIn, type TestUser } from '../../support/fixtures.ts';
import { makeCreator, seedVideos, uniqueTag } from '../../support/videos.ts';
import { seedComments } from '../../support/comments.ts';

/*
 * On a 375 px phone, every control a finger aims at is at least 44 x 44 px: buttons, links that
 * stand alone, form fields and checkboxes (with their label, which takes the tap too). A link inside
 * a sentence is exempt, as WCAG 2.5.8 exempts inline targets. And every field's hint (its
 * placeholder) shows whole: cut, « Rechercher dans le » says nothing.
 */

const PHONE = { width: 375, height: 800 };
const MIN = 44;

const SCREENS: { who: 'visitor' | 'creator' | 'superadmin'; path: string }[] = [
  { who: 'visitor', path: '/' },
  { who: 'visitor', path: '/login' },
  { who: 'visitor', path: '/privacy' },
  { who: 'creator', path: '/dashboard' },
  { who: 'creator', path: '/videos' },
  { who: 'creator', path: '/addvideo' },
  { who: 'creator', path: '/pagesettings' },
  { who: 'creator', path: '/account' },
  { who: 'creator', path: '/comments' },
  { who: 'superadmin', path: '/dashboard' },
  { who: 'superadmin', path: '/allvideos' },
  { who: 'superadmin', path: '/featured' },
  { who: 'superadmin', path: '/discounts' },
  { who: 'superadmin', path: '/adddiscount' },
  { who: 'superadmin', path: '/users' },
  { who: 'superadmin', path: '/creators' },
  { who: 'superadmin', path: '/journal' },
  { who: 'superadmin', path: '/comments' },
];

// A string: this package is type-checked without the DOM library.
const SMALL_TARGETS = `(() => {
  const min = ${MIN};
  const visible = (box) => box.width > 0 && box.height > 0;
  const inSentence = (element) => {
    if (getComputedStyle(element).display !== 'inline') return false;
    const own = (element.textContent ?? '').trim().length;
    const around = (element.parentElement?.textContent ?? '').trim().length;
    return around > own + 10;
  };
  const targetBox = (element) => {
    const own = element.getBoundingClientRect();
    const label = element.closest('label') ?? (element.id ? document.querySelector('label[for="' + element.id + '"]') : null);
    if (!label) return own;
    const around = label.getBoundingClientRect();
    return around.width * around.height > own.width * own.height ? around : own;
  };
  const selector = 'button, a[href], input:not([type=hidden]), select, textarea, summary';
  return [...document.querySelectorAll(selector)]
    .filter((element) => !element.closest('[hidden], [aria-hidden="true"]') && !inSentence(element))
    .map((element) => ({ element, box: targetBox(element) }))
    .filter(({ box }) => visible(box) && (box.width < min - 0.5 || box.height < min - 0.5))
    .map(({ element, box }) => element.tagName.toLowerCase() + ' « ' + ((element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 40)) + ' » ' + Math.round(box.width) + 'x' + Math.round(box.height));
})()`;

// The fields whose placeholder is wider than the room inside them, measured in their own font.
const CUT_PLACEHOLDERS = `(() => {
  const context = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('input[placeholder], textarea[placeholder]')]
    .filter((field) => field.getBoundingClientRect().width > 0)
    .filter((field) => {
      const style = getComputedStyle(field);
      context.font = style.font;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(field.placeholder).width > room + 0.5;
    })
    .map((field) => '« ' + field.placeholder + ' »');
})()`;

let creator: TestUser;

test.beforeAll(async () => {
  const made = await makeCreator({ live: true });
  const [video] = await seedVideos(made.id, [`Tactile ${uniqueTag()}`]);
  // Comments in every state the moderation list shows: plain, reported, hidden.
  const member = await userIdOf((await createUser({ prefix: 'membre', creator: false })).email);
  await seedComments(video!.id, member, ['Très belle vidéo, merci !']);
  await seedComments(video!.id, member, ['Signalé et masqué'], { reportedBy: [member], hidden: true });
  await seedCategory('video', `Tactile ${uniqueTag()}`);
  creator = { email: made.email, password: made.password };
});

async function smallTargetsOf(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(SMALL_TARGETS);
}

for (const screen of SCREENS) {
  test(`${screen.path} as ${screen.who}: every target is ${MIN} px and every hint shows whole on a phone`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    if (screen.who === 'creator') await signIn(context, creator);
    if (screen.who === 'superadmin') await signIn(context, admin);
    const page = await context.newPage();
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Chargement...')).toHaveCount(0);
    expect(await smallTargetsOf(page)).toEqual([]);
    expect(await page.evaluate<string[]>(CUT_PLACEHOLDERS)).toEqual([]);
    await context.close();
  });
}

test('every checkbox has the same size: the page settings’ and the category picker’s', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  await signIn(context, creator);
  const page = await context.newPage();
  const sizeOf = async (path: string) => {
    await page.goto(path);
    const box = await page.getByRole('checkbox').first().boundingBox();
    return box && { width: Math.round(box.width), height: Math.round(box.height) };
  };
  const onPage = await sizeOf('/pagesettings');
  const inPicker = await sizeOf('/addvideo');
  expect(onPage).not.toBeNull();
  expect(inPicker).toEqual(onPage);
  await context.close();
});
