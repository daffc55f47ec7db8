/*
 * The assistant script policy (docs/decisions/009-assistant-script-is-data.md): the app embeds the
 * creator's script, so only the provider's own form is accepted, read strictly enough that no
 * HTML parser can see anything else in it: one lowercase <script src="https://…"></script>, quoted
 * values, no body, nothing around it but whitespace.
 */

import { quoted } from './quoted.ts';

const HTML_SPACE = /[\t\n\f\r ]/;
const EDGE_SPACES = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;
const ATTRIBUTE_NAME = /[^\t\n\f\r />="'<`]+/y;
const DATA_ATTRIBUTE = /^data-[a-z0-9][a-z0-9._-]*$/;
const BOOLEAN_ATTRIBUTES = new Set(['async', 'defer']);
const PLAIN_ATTRIBUTES = new Set(['id', 'charset']);
// `<` and `>` would let a lax embedder close the element early; a character reference other than
// `&amp;` would make the browser read another address than the one checked here.
const UNSAFE_VALUE = /[\p{Cc}<>`]|&(?!amp;)/u;
const HOST_PATTERN = /^(\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const ALLOWED_ATTRIBUTES = 'src, async, defer, id, charset et data-…';

const refused = (reason: string) => `Script refusé : ${reason}.`;

const REFUSALS = {
  shape: refused(
    'colle seulement la balise fournie par le service, de la forme <script src="https://…"></script>, en minuscules et sans rien autour',
  ),
  attribute: (name: string) =>
    refused(
      `l'attribut ${quoted(name.slice(0, 40))} n'est pas autorisé (seuls ${ALLOWED_ATTRIBUTES} le sont)`,
    ),
  duplicate: (name: string) => refused(`l'attribut ${quoted(name)} apparaît deux fois`),
  unquoted: (name: string) => refused(`la valeur de l'attribut ${quoted(name)} doit être entre guillemets`),
  unsafeValue: (name: string) =>
    refused(
      `la valeur de l'attribut ${quoted(name)} contient un caractère interdit (<, >, \`, & seul ou un retour à la ligne)`,
    ),
  booleanValue: (name: string) => refused(`l'attribut ${quoted(name)} ne prend pas de valeur`),
  noSource: refused("il manque l'adresse du script (attribut src)"),
  notHttps: refused("l'adresse du script doit commencer par https:// et ne contenir ni espace ni \\"),
  host: (host: string, hosts: readonly string[]) =>
    refused(`l'hôte ${host} n'est pas autorisé (hôtes acceptés : ${hosts.join(', ')})`),
  authority: (authority: string) =>
    refused(
      `l'adresse du script doit donner son hôte tel quel, sans identifiant, port ni caractère encodé (reçu : ${authority})`,
    ),
  body: refused("rien ne doit se trouver entre <script …> et </script> : seule l'adresse src est acceptée"),
  unclosed: refused('la balise doit se fermer par </script>'),
  trailing: refused("rien n'est accepté après </script> : un seul script, sans commentaire ni autre balise"),
};

/** Whether a configured entry is a host (`lebavard.fr`) or a host's subdomains (`*.lebavard.fr`). */
export function isAssistantHostPattern(entry: string): boolean {
  return entry.length <= 253 && HOST_PATTERN.test(entry);
}

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((pattern) =>
    pattern.startsWith('*.')
      ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
      : host === pattern,
  );
}

function sourceRefusal(source: string, hosts: readonly string[]): string | null {
  if (!/^https:\/\/[^\s\\]+$/.test(source)) return REFUSALS.notHttps;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return REFUSALS.notHttps;
  }
  if (!hostAllowed(url.hostname, hosts)) return REFUSALS.host(url.hostname, hosts);
  // The authority as typed must be the bare host: no user info, port, case or escapes to reinterpret.
  const authority = source.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  return authority === url.hostname ? null : REFUSALS.authority(authority);
}

function isAllowedAttribute(name: string): boolean {
  return (
    name === 'src' || BOOLEAN_ATTRIBUTES.has(name) || PLAIN_ATTRIBUTES.has(name) || DATA_ATTRIBUTE.test(name)
  );
}

function valueRefusal(name: string, value: string | null, hosts: readonly string[]): string | null {
  if (value !== null && UNSAFE_VALUE.test(value)) return REFUSALS.unsafeValue(name);
  const decoded = value?.replaceAll('&amp;', '&') ?? null;
  if (name === 'src') return decoded ? sourceRefusal(decoded, hosts) : REFUSALS.noSource;
  if (BOOLEAN_ATTRIBUTES.has(name) && decoded !== null && decoded !== '' && decoded !== name) {
    return REFUSALS.booleanValue(name);
  }
  return null;
}

/**
 * Why an assistant script code is refused, as a message for the creator, or null when it may be
 * saved and served: empty, or exactly one `<script src="https://{allowed host}/…"></script>` with
 * only `src`, `async`, `defer`, `id`, `charset` and `data-*` attributes.
 * @example assistantScriptRefusal('<script src="https://lebavard.fr/w.js" async></script>', ['lebavard.fr']) // null
 */
export function assistantScriptRefusal(code: string, hosts: readonly string[]): string | null {
  const text = code.replace(EDGE_SPACES, '');
  if (text === '') return null;
  if (!text.startsWith('<script') || !/[\t\n\f\r >]/.test(text.charAt(7))) return REFUSALS.shape;

  let position = '<script'.length;
  const seen = new Set<string>();
  for (;;) {
    const start = position;
    while (HTML_SPACE.test(text.charAt(position))) position += 1;
    if (text.charAt(position) === '>') break;
    ATTRIBUTE_NAME.lastIndex = position;
    const name = ATTRIBUTE_NAME.exec(text)?.[0];
    if (position === start || name === undefined) return REFUSALS.shape;
    position += name.length;
    if (!isAllowedAttribute(name)) return REFUSALS.attribute(name);
    if (seen.has(name)) return REFUSALS.duplicate(name);
    seen.add(name);

    let value: string | null = null;
    let next = position;
    while (HTML_SPACE.test(text.charAt(next))) next += 1;
    if (text.charAt(next) === '=') {
      next += 1;
      while (HTML_SPACE.test(text.charAt(next))) next += 1;
      const quote = text.charAt(next);
      if (quote !== '"' && quote !== "'") return REFUSALS.unquoted(name);
      const end = text.indexOf(quote, next + 1);
      if (end === -1) return REFUSALS.shape;
      value = text.slice(next + 1, end);
      position = end + 1;
    }
    const refusal = valueRefusal(name, value, hosts);
    if (refusal) return refusal;
  }
  if (!seen.has('src')) return REFUSALS.noSource;

  const bodyStart = position + 1;
  const close = text.indexOf('</script>', bodyStart);
  if (close === -1) return REFUSALS.unclosed;
  if (close > bodyStart) return REFUSALS.body;
  return close + '</script>'.length === text.length ? null : REFUSALS.trailing;
}
