import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@coulisses/domain/constants/limits';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

let t: TestApp;
let paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
beforeAll(async () => {
  t = await buildTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(async () => {
  await t.close();
});

interface Schema {
  properties: Record<
    string,
    { type?: string; format?: string; description?: string; 'x-max-bytes'?: number }
  >;
  required?: string[];
}

function formOf(path: string, method: string): Schema {
  const body = paths[path]?.[method]?.requestBody;
  expect(body, `${method} ${path} documents its request body`).toBeDefined();
  return body!.content['multipart/form-data']!.schema;
}

describe('the OpenAPI document', () => {
  it.each([
    ['/api/videos', 'post', ['title', 'link', 'categories'], ['horizontal', 'vertical']],
    ['/api/discounts', 'post', ['title', 'link', 'code', 'start_date', 'end_date', 'categories'], ['image']],
    ['/api/page', 'put', ['data'], ['horizontal', 'vertical']],
  ])(
    'documents the form of %s (%s): text fields and image files with their limits',
    (path, method, fields, files) => {
      const form = formOf(path, method);
      for (const field of fields) expect(form.properties[field], field).toBeDefined();
      for (const file of files) {
        expect(form.properties[file]).toMatchObject({
          type: 'string',
          format: 'binary',
          'x-max-bytes': UPLOAD_MAX_BYTES,
        });
        expect(form.properties[file]?.description).toMatch(/jpeg, png, webp.*15 Mo/);
      }
    },
  );

  it('marks the files a form cannot do without as required', () => {
    expect(formOf('/api/videos', 'post').required).toEqual(
      expect.arrayContaining(['horizontal', 'vertical']),
    );
    expect(formOf('/api/discounts', 'post').required).toEqual(
      expect.arrayContaining(['title', 'link', 'start_date', 'end_date', 'image']),
    );
    expect(formOf('/api/page', 'put').required ?? []).not.toContain('horizontal');
  });

  it('declares the e-mail of POST /api/creators required', () => {
    const schema = paths['/api/creators']?.post?.requestBody?.content['application/json']?.schema;
    expect(schema?.required).toEqual(['email']);
    expect(schema?.properties.email?.type).toBe('string');
  });
});
