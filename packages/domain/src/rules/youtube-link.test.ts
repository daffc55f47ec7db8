import { describe, expect, it } from 'vitest';
import { isYoutubePlaceholder, normaliseYoutubeLink, thumbnailUrlOf, videoIdOf } from './youtube-link.ts';

const ID = 'dQw4w9WgXcQ';
const NORMAL = `https://www.youtube.com/watch?v=${ID}`;

describe(normaliseYoutubeLink.name, () => {
  it.each([
    `https://youtu.be/${ID}`,
    `http://youtu.be/${ID}`,
    `youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=42`,
    `https://youtu.be/${ID}?si=abc&t=1`,
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=10s`,
    `https://www.youtube.com/watch?v=${ID}&list=PL123&index=2`,
    `https://WWW.YouTube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch/?v=${ID}`,
    `  https://youtu.be/${ID}  `,
  ])('accepts %s', (link) => {
    expect(normaliseYoutubeLink(link)).toBe(NORMAL);
  });

  it.each([
    '',
    '   ',
    'pas un lien',
    `https://vimeo.com/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch?list=PL123',
    'https://youtu.be/',
    'https://youtu.be/court',
    `https://youtu.be/${ID}/extra`,
    `https://music.youtube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?u=https://youtu.be/${ID}`,
    `ftp://youtu.be/${ID}`,
    `javascript://youtu.be/${ID}`,
    `https://user:pass@youtu.be/${ID}`,
    `https://youtu.be:8080/${ID}`,
    `https://www.youtube.com/watch?v=${ID}<script>`,
    `https://www.youtube.com/watch?v=abc def`,
  ])('refuses %s', (link) => {
    expect(normaliseYoutubeLink(link)).toBeNull();
  });
});

describe(videoIdOf.name, () => {
  it('reads the id of a stored link and of a short link', () => {
    expect(videoIdOf(NORMAL)).toBe(ID);
    expect(videoIdOf(`https://youtu.be/${ID}`)).toBe(ID);
    expect(videoIdOf('https://exemple.fr')).toBeNull();
  });
});

describe(thumbnailUrlOf.name, () => {
  it('points at the YouTube thumbnail of the video, in the size asked for', () => {
    expect(thumbnailUrlOf(NORMAL, 'medium')).toBe(`https://i.ytimg.com/vi/${ID}/mqdefault.jpg`);
    expect(thumbnailUrlOf(NORMAL, 'high')).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(thumbnailUrlOf('https://exemple.fr/video', 'medium')).toBeNull();
  });
});

describe(isYoutubePlaceholder.name, () => {
  it("tells YouTube's 120x90 placeholder and a broken image from a real thumbnail", () => {
    expect(isYoutubePlaceholder(120)).toBe(true);
    expect(isYoutubePlaceholder(0)).toBe(true);
    expect(isYoutubePlaceholder(320)).toBe(false);
    expect(isYoutubePlaceholder(480)).toBe(false);
  });
});
