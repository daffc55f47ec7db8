/** Paths as the app's routes match them (lib/router.tsx, app/router.tsx). */

/** The path as routes match it: case and a final slash aside. */
export function routePath(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

/**
 * The parameters of `pathname` when it matches `pattern` ('/videos/:id'), or null. Fixed segments
 * match ignoring case, like routePath; a parameter keeps its case (ids are case-sensitive).
 */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const given = (pathname.replace(/\/+$/, '') || '/').split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (segment.startsWith(':')) {
      if (!value) return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value.toLowerCase()) return null;
  }
  return params;
}
