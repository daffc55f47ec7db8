import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts.ts';

describe('inlineScriptSources', () => {
  it("gives each inline script's SHA-256 as a CSP source, as browsers compute it", () => {
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptSources('<head><script>alert(1)</script></head>')).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
  });

  it('leaves out scripts loaded from a file and data blocks', () => {
    const page =
      '<script type="module" src="/assets/index.js"></script><script type="application/json" id="page-state">{}</script>';
    expect(inlineScriptSources(page)).toEqual([]);
  });
});
