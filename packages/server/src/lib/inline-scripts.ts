import { createHash } from 'node:crypto';

/** A script written in the page itself, with no attribute: the only kind the build writes. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The Content-Security-Policy sources that let each inline script of a page run as it is written,
 * and nothing else: its SHA-256, as browsers check it. Any other inline script, such as code a
 * creator pasted into a page field, stays blocked (docs/decisions/009-assistant-script-is-data.md).
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, text = '']) => `'sha256-${sha256(text)}'`);
}
