import { describe, expect, it } from 'vitest';
import { assistantScriptRefusal, isAssistantHostPattern } from './assistant-script.ts';
import { quoted } from './quoted.ts';

const HOSTS = ['lebavard.fr', '*.lebavard.fr'];
const WIDGET = 'https://cdn.lebavard.fr/widget.js';
const refusalOf = (code: string) => assistantScriptRefusal(code, HOSTS);

describe(assistantScriptRefusal.name, () => {
  it.each([
    '',
    '  \n\t ',
    `<script src="${WIDGET}"></script>`,
    `\n  <script src="${WIDGET}"></script>\r\n`,
    `<script src='https://lebavard.fr/w.js'></script>`,
    `<script async src="${WIDGET}" data-bot-id="42" data-lang="fr"></script>`,
    `<script\n  src="${WIDGET}"\n  defer\n  id="le-bavard"\n  charset="utf-8"\n></script>`,
    `<script src="${WIDGET}" async="" defer="defer"></script>`,
    `<script src = "${WIDGET}" data-greeting="Bonjour, c'est l'assistant !"></script>`,
    `<script src="${WIDGET}?key=abc&amp;lang=fr#top"></script>`,
    `<script src="https://a.b.lebavard.fr/w.js"></script>`,
  ])('accepts %j', (code) => {
    expect(refusalOf(code)).toBeNull();
  });

  it.each([
    ['another host', `<script src="https://evil.test/w.js"></script>`, "l'hôte evil.test"],
    [
      'a look-alike host',
      `<script src="https://lebavard.fr.evil.test/w.js"></script>`,
      'lebavard.fr.evil.test',
    ],
    ['a host ending like it', `<script src="https://evillebavard.fr/w.js"></script>`, 'evillebavard.fr'],
    ['http:', `<script src="http://lebavard.fr/w.js"></script>`, 'https://'],
    ['javascript:', `<script src="javascript:alert(1)"></script>`, 'https://'],
    ['data:', `<script src="data:text/javascript,alert(1)"></script>`, 'https://'],
    ['a protocol-relative address', `<script src="//lebavard.fr/w.js"></script>`, 'https://'],
    ['an uppercase scheme', `<script src="HTTPS://lebavard.fr/w.js"></script>`, 'https://'],
    ['a backslash', `<script src="https://evil.test\\@lebavard.fr/w.js"></script>`, 'https://'],
    ['a space', `<script src="https://lebavard.fr /w.js"></script>`, 'https://'],
    ['user info hiding the host', `<script src="https://lebavard.fr@evil.test/w.js"></script>`, 'evil.test'],
    ['user info before the host', `<script src="https://evil.test@lebavard.fr/w.js"></script>`, 'evil.test@'],
    ['a port', `<script src="https://lebavard.fr:8443/w.js"></script>`, 'lebavard.fr:8443'],
    ['an escaped host', `<script src="https://lebavard%2Efr/w.js"></script>`, 'lebavard%2Efr'],
    ['an uppercase host', `<script src="https://LEBAVARD.fr/w.js"></script>`, 'LEBAVARD.fr'],
    ['a character reference', `<script src="https://evil.test&#47;.lebavard.fr/w.js"></script>`, '&'],
    ['no address', `<script async></script>`, 'src'],
    ['an empty address', `<script src=""></script>`, 'src'],
    ['a second script', `<script src="${WIDGET}"></script><script src="${WIDGET}"></script>`, 'un seul'],
    [
      'a second, inline script',
      `<script src="${WIDGET}"></script>\n<script>alert(1)</script>`,
      'après </script>',
    ],
    ['inline code', `<script src="${WIDGET}">alert(1)</script>`, 'entre <script'],
    ['inline code only', `<script>alert(1)</script>`, 'src'],
    ['an event handler', `<script src="${WIDGET}" onload="alert(1)"></script>`, quoted('onload')],
    [
      'an unquoted error handler',
      `<script src="${WIDGET}" onerror=alert(1)></script>`,
      `l'attribut ${quoted('onerror')} n'est pas autorisé`,
    ],
    ['an unknown attribute', `<script src="${WIDGET}" type="module"></script>`, quoted('type')],
    ['an uppercase attribute', `<script SRC="https://evil.test/w.js"></script>`, quoted('SRC')],
    ['a duplicate src', `<script src="${WIDGET}" src="https://evil.test/w.js"></script>`, 'deux fois'],
    ['an unquoted value', `<script src=${WIDGET}></script>`, 'guillemets'],
    ['an unterminated value', `<script src="${WIDGET}></script>`, 'de la forme'],
    ['a value on async', `<script src="${WIDGET}" async="alert(1)"></script>`, quoted('async')],
    [
      'markup in a data value',
      `<script src="${WIDGET}" data-x="<img src=x onerror=alert(1)>"></script>`,
      '<, >',
    ],
    ['a line break in a value', `<script src="${WIDGET}" data-x="a\nb"></script>`, quoted('data-x')],
    ['an uppercase tag', `<SCRIPT src="${WIDGET}"></SCRIPT>`, 'minuscules'],
    ['an uppercase end tag', `<script src="${WIDGET}"></SCRIPT>`, '</script>'],
    ['an HTML comment before', `<!-- x --><script src="${WIDGET}"></script>`, 'de la forme'],
    ['an HTML comment after', `<script src="${WIDGET}"></script><!-- x -->`, 'commentaire'],
    ['an HTML comment inside', `<script src="${WIDGET}"><!--</script>-->`, 'entre <script'],
    [
      'a </script inside a value',
      `<script src="${WIDGET}?</script><script>alert(1)</script>"></script>`,
      '<, >',
    ],
    ['an end tag with spaces', `<script src="${WIDGET}"></script ><script>alert(1)</script >`, '</script>'],
    ['a missing end tag', `<script src="${WIDGET}">`, '</script>'],
    ['a self-closing tag', `<script src="${WIDGET}" />`, 'de la forme'],
    ['attributes without a space', `<script src="${WIDGET}"async></script>`, 'de la forme'],
    ['another element', `<img src=x onerror=alert(1)>`, 'de la forme'],
    ['text around', `Mon assistant : <script src="${WIDGET}"></script>`, 'de la forme'],
    ['a non-breaking space before', `\u00a0<script src="${WIDGET}"></script>`, 'de la forme'],
    ['a look-alike tag', `<scripts src="${WIDGET}"></scripts>`, 'de la forme'],
  ])('refuses %s, saying what', (_, code, shown) => {
    const refusal = refusalOf(code);
    expect(refusal).toMatch(/^Script refusé : /);
    expect(refusal).toContain(shown);
  });

  it('takes its hosts from the caller: an exact host does not admit its subdomains', () => {
    const code = `<script src="${WIDGET}"></script>`;
    expect(assistantScriptRefusal(code, ['lebavard.fr'])).toContain("l'hôte cdn.lebavard.fr");
    expect(assistantScriptRefusal(code, ['cdn.lebavard.fr'])).toBeNull();
    expect(
      assistantScriptRefusal('<script src="https://lebavard.fr/w.js"></script>', ['*.lebavard.fr']),
    ).toContain("l'hôte lebavard.fr");
  });
});

describe(isAssistantHostPattern.name, () => {
  it.each(['lebavard.fr', '*.lebavard.fr', 'cdn.le-bavard.co.uk', 'assistant.test'])(
    'accepts %s',
    (entry) => {
      expect(isAssistantHostPattern(entry)).toBe(true);
    },
  );

  it.each([
    '',
    '*',
    '*.fr',
    'fr',
    'localhost',
    'https://lebavard.fr',
    'lebavard.fr/',
    'lebavard.fr:443',
    'LEBAVARD.fr',
    'user@lebavard.fr',
    '*lebavard.fr',
    'a.*.lebavard.fr',
    '-x.lebavard.fr',
    'lebavard.fr.',
  ])('refuses %j', (entry) => {
    expect(isAssistantHostPattern(entry)).toBe(false);
  });
});
