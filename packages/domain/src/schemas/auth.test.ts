import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants/limits.ts';
import { LoginSchema } from './auth.ts';
import { EmailSchema } from './common.ts';

describe('LoginSchema', () => {
  it('trims and lowercases the e-mail, and keeps the password as typed', () => {
    expect(LoginSchema.parse({ email: '  Alice@Exemple.FR ', password: ' Secret ' })).toEqual({
      email: 'alice@exemple.fr',
      password: ' Secret ',
    });
  });

  it('requires both fields', () => {
    expect(LoginSchema.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(LoginSchema.safeParse({ email: '   ', password: 'x' }).success).toBe(false);
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: '' }).success).toBe(false);
    expect(LoginSchema.safeParse({ email: 'a@b.fr' }).success).toBe(false);
  });

  it('refuses unknown keys and oversized values', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: 'x', admin: true }).success).toBe(false);
    const longEmail = `${'a'.repeat(EMAIL_MAX_LENGTH)}@b.fr`;
    expect(LoginSchema.safeParse({ email: longEmail, password: 'x' }).success).toBe(false);
    const longPassword = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(LoginSchema.safeParse({ email: 'a@b.fr', password: longPassword }).success).toBe(false);
  });
});

describe('EmailSchema', () => {
  it('stores e-mails trimmed and lowercased', () => {
    expect(EmailSchema.parse('  Bob.Martin@Exemple.FR\t')).toBe('bob.martin@exemple.fr');
  });

  it('refuses what is not an e-mail address, in French', () => {
    for (const bad of ['', 'bob', 'bob@', '@exemple.fr', 'bob martin@exemple.fr']) {
      const result = EmailSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
    expect(EmailSchema.safeParse('bob').error?.issues[0]?.message).toBe('Adresse e-mail invalide.');
  });
});
