import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { quoted } from '@coulisses/domain/rules/quoted';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeSignedIn, publishPage, type SignedIn } from '../factories.ts';
import { seedCreator } from '../public/seed.ts';
import { getPage, pageForm, savePage } from './page-fixtures.ts';

const WIDGET = '<script src="https://cdn.lebavard.fr/widget.js" data-bot-id="42" async></script>';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const storedPageOf = (creatorId: string) =>
  t.db
    .selectFrom('creators')
    .select(['lebavard_url', 'title'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();

describe('PUT /api/page: the assistant script policy', () => {
  let creator: SignedIn;
  beforeAll(async () => {
    creator = await makeSignedIn(t);
  });

  it("saves the provider's script tag, as typed, and says which hosts are allowed", async () => {
    const code = `\n  ${WIDGET}\r\n`;
    const saved = await savePage(t, creator.cookie, pageForm({ lebavard_url: code }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PageSettings>()).toMatchObject({
      lebavard_url: code,
      assistant_script_hosts: ['lebavard.fr', '*.lebavard.fr'],
    });
    expect((await storedPageOf(creator.id)).lebavard_url).toBe(code);
  });

  it.each([
    ['another host', '<script src="https://evil.test/w.js"></script>', "l'hôte evil.test n'est pas autorisé"],
    [
      'user info hiding another host',
      '<script src="https://lebavard.fr@evil.test/w.js"></script>',
      "l'hôte evil.test",
    ],
    ['http:', '<script src="http://lebavard.fr/w.js"></script>', 'https://'],
    [
      'an event handler',
      '<script src="https://lebavard.fr/w.js" onload="alert(1)"></script>',
      `l'attribut ${quoted('onload')} n'est pas autorisé`,
    ],
    ['inline code', '<script>alert(1)</script>', 'src'],
    ['a second element', `${WIDGET}\n<img src=x onerror=alert(1)>`, "rien n'est accepté après </script>"],
  ])('refuses %s with 400 at the field, saving nothing of the form', async (_, code, shown) => {
    const before = await storedPageOf(creator.id);
    const response = await savePage(
      t,
      creator.cookie,
      pageForm({ title: 'Jamais enregistré', lebavard_url: code }),
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{
      error: { code: string; message: string; fields: Record<string, string> };
    }>();
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/^Script refusé : /);
    expect(error.message).toContain(shown);
    expect(error.fields).toEqual({ lebavard_url: error.message });
    expect(await storedPageOf(creator.id)).toEqual(before);
  });
});

describe('ASSISTANT_SCRIPT_HOSTS', () => {
  it('replaces the default hosts', async () => {
    const other = await buildTestApp({ ASSISTANT_SCRIPT_HOSTS: 'widget.exemple.fr' });
    try {
      const creator = await makeSignedIn(other);
      expect((await getPage(other, creator.cookie)).json<PageSettings>().assistant_script_hosts).toEqual([
        'widget.exemple.fr',
      ]);
      const own = '<script src="https://widget.exemple.fr/bot.js"></script>';
      expect((await savePage(other, creator.cookie, pageForm({ lebavard_url: own }))).statusCode).toBe(200);
      const refused = await savePage(other, creator.cookie, pageForm({ lebavard_url: WIDGET }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.lebavard_url).toContain("l'hôte cdn.lebavard.fr n'est pas autorisé");
    } finally {
      await other.close();
    }
  });
});

describe('the public API and stored scripts', () => {
  const setStoredScript = (creatorId: string, code: string) =>
    t.db.updateTable('creators').set({ lebavard_url: code }).where('id', '=', creatorId).execute();

  it('serves a conforming script as stored', async () => {
    const creator = await seedCreator(t);
    await setStoredScript(creator.id, `${WIDGET}\n`);
    const page = await t.app.inject({ url: `/api/public/creators/${creator.id}` });
    expect(page.json().lebavard_url).toBe(`${WIDGET}\n`);
  });

  it('serves an empty script for older data that does not conform, and still shows it to its creator', async () => {
    const creator = await makeSignedIn(t);
    await publishPage(t, creator.id);
    const legacy = '<script>window.bavard = 1</script>\n<script src="https://evil.test/w.js"></script>';
    await setStoredScript(creator.id, legacy);

    const one = await t.app.inject({ url: `/api/public/creators/${creator.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().lebavard_url).toBe('');
    const list = await t.app.inject({ url: '/api/public/creators' });
    const listed = list.json<{ items: { id: string; lebavard_url: string }[] }>().items;
    expect(listed.find((item) => item.id === creator.id)?.lebavard_url).toBe('');
    expect(list.body).not.toContain('evil.test');

    expect((await getPage(t, creator.cookie)).json<PageSettings>().lebavard_url).toBe(legacy);
  });
});
