import type { PageSettingsPatchInput } from '@coulisses/domain/schemas/page';
import type { TestApp } from '../build-test-app.ts';

/** The page-settings save body, as the web form sends it: `data` JSON plus optional images. */
export function pageForm(
  fields?: PageSettingsPatchInput | string,
  images: { horizontal?: Buffer; vertical?: Buffer } = {},
): FormData {
  const form = new FormData();
  if (fields !== undefined) form.append('data', typeof fields === 'string' ? fields : JSON.stringify(fields));
  for (const [name, data] of Object.entries(images)) {
    if (data) form.append(name, new Blob([new Uint8Array(data)]), `${name}.png`);
  }
  return form;
}

export const savePage = (t: TestApp, cookie: string, form: FormData) =>
  t.app.inject({ method: 'PUT', url: '/api/page', headers: { cookie }, payload: form });

export const publish = (t: TestApp, cookie: string, live: boolean) =>
  t.app.inject({ method: 'PUT', url: '/api/page/publish', headers: { cookie }, payload: { live } });

export const getPage = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/page', headers: { cookie } });

/** Every stored file under creators/{id}/. */
export async function storedPageImages(t: TestApp, creatorId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.storage.list()) if (key.startsWith(`creators/${creatorId}/`)) keys.push(key);
  return keys.sort();
}

export const VALID_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
