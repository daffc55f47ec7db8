import sharp from 'sharp';

/** A photo-like JPEG: noise compresses and decodes like a real picture, a flat colour does not. */
export function photo(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#6b4f3a',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}
