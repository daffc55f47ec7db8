import { expect } from 'vitest';
import type { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { formatCalendarDay, parisCalendarDay } from '@coulisses/domain/rules/discount-dates';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The file name an export downloaded today carries. */
export const todaysFile = (name: string) => `${name}-${formatCalendarDay(parisCalendarDay(Date.now()))}.csv`;

/** The lines of a CSV answer, without its BOM and the empty string after its last CRLF. */
export function csvLines(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  const lines = response.body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
}

/** The chunks of a streamed answer, as the server wrote them. */
export async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return chunks;
}
