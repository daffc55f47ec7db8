import sharp from 'sharp';

/** A real picture of any size, as a phone would send it. */
export function makeImage(width = 1200, height = 900, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}
