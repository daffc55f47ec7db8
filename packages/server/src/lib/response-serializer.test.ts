import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, stringifiableSchema } from './response-serializer.ts';

function serializerFor(schema: z.ZodType) {
  return responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

const Account = z.object({
  id: z.string(),
  email: z.string(),
  is_creator: z.boolean(),
  views: z.number().int(),
  nickname: z.string().nullable(),
  note: z.string().optional(),
  page: z.object({ title: z.string() }).nullable(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.object({ total: z.number() })),
});
const Page = z.object({ items: z.array(Account), nextCursor: z.string().nullable() });

const row = {
  id: 'u1',
  email: 'ana@exemple.fr',
  is_creator: true,
  views: 12,
  nickname: null,
  page: { title: 'Chez « Ana » \u2028 "guillemets"', secret: 'page' },
  tags: ['cuisine', 'voyage'],
  counts: { videos: { total: 3, hidden: 1 } },
  password_hash: '$argon2id$secret',
  session_token: 'jeton',
};

describe('responseSerializerCompiler', () => {
  it('writes the same values as zod for what the schema declares', () => {
    const data = {
      items: [row, { ...row, id: 'u2', nickname: 'Ana', note: 'note', page: null }],
      nextCursor: 'c',
    };
    expect(JSON.parse(serializerFor(Page)(data))).toEqual(Page.parse(data));
  });

  it('never writes a property the schema does not declare, at any depth', () => {
    const json = serializerFor(Page)({ items: [row], nextCursor: null });
    expect(json).not.toContain('argon2id');
    expect(json).not.toContain('jeton');
    expect(json).not.toContain('secret');
    expect(json).not.toContain('hidden');
    expect(JSON.parse(json)).toEqual({
      items: [
        {
          id: 'u1',
          email: 'ana@exemple.fr',
          is_creator: true,
          views: 12,
          nickname: null,
          page: { title: 'Chez « Ana » \u2028 "guillemets"' },
          tags: ['cuisine', 'voyage'],
          counts: { videos: { total: 3 } },
        },
      ],
      nextCursor: null,
    });
  });

  it('refuses an answer missing a required property instead of sending it half', () => {
    const withoutEmail: Partial<typeof row> = { ...row };
    delete withoutEmail.email;
    expect(() => serializerFor(Account)(withoutEmail)).toThrow();
  });

  it("keeps zod's way for a schema JSON Schema cannot state", () => {
    const Dated = z.object({ at: z.date() });
    expect(stringifiableSchema(Dated)).toBeUndefined();
    expect(serializerFor(Dated)({ at: new Date(0), extra: 1 })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('states a nullable value with the nullable keyword rather than a union', () => {
    expect(stringifiableSchema(z.object({ a: z.object({ b: z.string() }).nullable() }))).toMatchObject({
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, nullable: true } },
    });
  });
});
