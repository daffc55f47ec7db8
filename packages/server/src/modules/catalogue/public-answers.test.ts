import { describe, expect, it } from 'vitest';
import { PublicAnswers, type KeptAnswer } from './public-answers.ts';

const answer = (text: string): KeptAnswer => ({ body: Buffer.from(text), encoding: 'br', etag: `"${text}"` });
const day = Date.UTC(2026, 5, 14);
const at = (version: number, onDay = day) => ({ version, day: onDay });

describe('PublicAnswers', () => {
  it('gives back an answer for the state it was built on', () => {
    const answers = new PublicAnswers();
    answers.keep('br /api/public/videos', answer('page'), at(3));
    expect(answers.find('br /api/public/videos', at(3))).toMatchObject(answer('page'));
    expect(answers.find(' /api/public/videos', at(3))).toBeUndefined();
  });

  it('drops every answer once a newer content version or a later day is seen', () => {
    const answers = new PublicAnswers();
    answers.keep('a', answer('a'), at(3));
    answers.keep('b', answer('b'), at(3));
    expect(answers.find('a', at(4))).toBeUndefined();
    expect(answers.find('b', at(3))).toBeUndefined();
    expect(answers.size.answers).toBe(0);

    answers.keep('a', answer('a'), at(4));
    expect(answers.find('a', at(4, day + 86_400_000))).toBeUndefined();
    expect(answers.size.answers).toBe(0);
  });

  it('does not keep an answer built before the newest change it has seen', () => {
    const answers = new PublicAnswers();
    expect(answers.find('a', at(5))).toBeUndefined();
    answers.keep('a', answer('built on 4'), at(4));
    expect(answers.find('a', at(5))).toBeUndefined();
    // A request that read the older version still finds nothing.
    expect(answers.find('a', at(4))).toBeUndefined();
  });

  it('lets the oldest answers go past its byte budget, and never keeps one larger than it', () => {
    const answers = new PublicAnswers(100);
    answers.keep('a', answer('x'.repeat(40)), at(1));
    answers.keep('b', answer('y'.repeat(40)), at(1));
    answers.keep('c', answer('z'.repeat(40)), at(1));
    expect(answers.find('a', at(1))).toBeUndefined();
    expect(answers.find('b', at(1))?.body.toString()).toBe('y'.repeat(40));
    expect(answers.find('c', at(1))?.body.toString()).toBe('z'.repeat(40));
    expect(answers.size.bytes).toBeLessThanOrEqual(100);

    answers.keep('big', answer('w'.repeat(200)), at(1));
    expect(answers.find('big', at(1))).toBeUndefined();
    expect(answers.size.answers).toBe(2);
  });

  it('replaces an answer kept again under the same key without counting it twice', () => {
    const answers = new PublicAnswers();
    answers.keep('a', answer('first'), at(1));
    answers.keep('a', answer('again'), at(1));
    expect(answers.find('a', at(1))?.body.toString()).toBe('again');
    expect(answers.size).toEqual({ answers: 1, bytes: 'again'.length + 2 });
  });
});
