import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';
import { PasswordChangeSchema } from './my-account.ts';

const messagesOf = (input: unknown) =>
  PasswordChangeSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('PasswordChangeSchema', () => {
  it(`takes a new password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, typed twice`, () => {
    for (const password of ['x'.repeat(PASSWORD_MIN_LENGTH), 'x'.repeat(PASSWORD_MAX_LENGTH)]) {
      expect(messagesOf({ current: 'ancien-secret', password, confirmation: password })).toEqual([]);
    }
  });

  it('says what is wrong, in the words of the messages', () => {
    expect(messagesOf({ current: '', password: '', confirmation: '' })).toEqual([
      MESSAGES.currentPasswordRequired,
      MESSAGES.passwordTooShort,
      MESSAGES.passwordConfirmationRequired,
    ]);
    expect(messagesOf({ current: '', password: 'nouveau-secret', confirmation: 'nouveau-secret' })).toEqual([
      MESSAGES.currentPasswordRequired,
    ]);
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(messagesOf({ current: 'ancien-secret', password: short, confirmation: short })).toEqual([
      MESSAGES.passwordTooShort,
    ]);
    expect(
      messagesOf({ current: 'ancien-secret', password: 'nouveau-secret', confirmation: 'nouveau-secreT' }),
    ).toEqual([MESSAGES.passwordsDiffer]);
    expect(
      messagesOf({ current: 'même-secret', password: 'même-secret', confirmation: 'même-secret' }),
    ).toEqual([MESSAGES.passwordUnchanged]);
  });

  it('names the limits the constants hold', () => {
    expect(MESSAGES.passwordTooShort).toContain(` ${PASSWORD_MIN_LENGTH} caractères`);
    expect(MESSAGES.passwordTooLong).toContain(` ${PASSWORD_MAX_LENGTH} caractères`);
  });
});
