import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchRoute, routePath } from './route-match.ts';

/**
 * The app's own router (docs/decisions/015-own-router.md): every path is static, so this is the
 * browser's history plus a context, at a small fraction of a router library's weight.
 */

/**
 * Where the app is: the path, its query (`?q=…`, with the '?'), what the navigation carried along,
 * and which history entry it is.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  state: unknown;
  key: string;
}

interface HistoryEntry {
  key: string;
  state: unknown;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** False while the build prerenders a page (src/prerender-entry.tsx), where there is no browser. */
const inBrowser = typeof window !== 'undefined';

function readLocation(): AppLocation {
  const entry = window.history.state as Partial<HistoryEntry> | null;
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    state: entry?.state ?? null,
    key: entry?.key ?? 'default',
  };
}

/** A location outside the browser's history, `/path?query`: the one a page is drawn at on the server. */
function staticLocation(address: string): AppLocation {
  const queryAt = address.indexOf('?');
  const pathname = queryAt === -1 ? address : address.slice(0, queryAt);
  return { pathname, search: queryAt === -1 ? '' : address.slice(queryAt), state: null, key: 'default' };
}

if (inBrowser) {
  if (!(window.history.state as Partial<HistoryEntry> | null)?.key) {
    window.history.replaceState({ key: newKey(), state: null } satisfies HistoryEntry, '');
  }
  // The app puts each entry back where it was left (below), once its page is drawn again.
  window.history.scrollRestoration = 'manual';
}

let current = inBrowser ? readLocation() : staticLocation('/');
const firstKey = current.key;
const listeners = new Set<(location: AppLocation) => void>();
/** How far down each history entry was scrolled when it was left. */
const scrollPositions = new Map<string, number>();

/** What the app starts ahead of a page, before React draws anything (prepareNavigationsWith). */
export interface NavigationPreparation {
  /** A link to `pathname` is pointed at, touched or focused: it may well be followed. */
  intent: (pathname: string) => void;
  /** The app is moving to `location`. */
  moving: (location: AppLocation) => void;
}

let preparation: NavigationPreparation | undefined;

/**
 * Has the app start what a page asks for first as soon as it is known to be next, rather than once
 * React draws it and its code has arrived (docs/decisions/046-pages-started-ahead.md).
 */
export function prepareNavigationsWith(next: NavigationPreparation) {
  preparation = next;
}

function moveTo(next: AppLocation) {
  scrollPositions.set(current.key, window.scrollY);
  current = next;
  preparation?.moving(next);
  listeners.forEach((listener) => listener(next));
}

/** Asked before the app leaves the page on screen (unsaved changes); answers whether to go. */
export type LeaveGuard = () => Promise<boolean>;
let leaveGuard: LeaveGuard | null = null;

/** Sets the question asked before leaving the page on screen, or removes it (null). */
export function setLeaveGuard(guard: LeaveGuard | null) {
  leaveGuard = guard;
}

/** Runs `go` once the page on screen agrees to be left. */
function leaveThen(go: () => void) {
  const guard = leaveGuard;
  if (!guard) return go();
  void guard().then((agreed) => {
    if (!agreed) return;
    if (leaveGuard === guard) leaveGuard = null;
    go();
  });
}

/** Back or Forward: the browser has moved, the app follows unless a form would lose its changes. */
function followHistory() {
  const next = readLocation();
  // Same address: a jump to an anchor (the skip link), which the browser handles by itself.
  if (next.pathname === current.pathname && next.search === current.search) return;
  if (!leaveGuard) return moveTo(next);
  // The browser has already moved: put the page on screen back, and go back again once agreed.
  const entry: HistoryEntry = { key: current.key, state: current.state };
  window.history.pushState(entry, '', current.pathname + current.search);
  leaveThen(() => window.history.back());
}
if (inBrowser) window.addEventListener('popstate', followHistory);

/**
 * Goes to `to`; `replace` takes the place of the current history entry instead of adding one. A
 * page with unsaved changes is asked first (setLeaveGuard).
 */
export function navigate(
  to: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
) {
  leaveThen(() => {
    const entry: HistoryEntry = { key: newKey(), state };
    if (replace) window.history.replaceState(entry, '', to);
    else window.history.pushState(entry, '', to);
    moveTo(readLocation());
  });
}

/**
 * Goes back to the page this one was opened from, where it was left (search, loaded pages,
 * scroll), when the app opened it with `state: { back: true }`; otherwise to `fallback`.
 */
export function goBack(fallback: string) {
  const cameFromApp = (current.state as { back?: boolean } | null)?.back === true;
  if (cameFromApp) leaveThen(() => window.history.back());
  else navigate(fallback, { replace: true });
}

const LocationContext = createContext<AppLocation>(current);

/**
 * Gives the tree the current location. A navigation is a transition: the page on screen stays
 * until the next one's code has loaded, and the next one opens at the top, or where it was left
 * when coming back to it.
 */
export function LocationProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const follow = (next: AppLocation) => startTransition(() => setLocation(next));
    listeners.add(follow);
    // Children's effects run first: a redirect on the first screen may already have moved on.
    follow(current);
    return () => void listeners.delete(follow);
  }, []);
  useLayoutEffect(() => {
    const left = scrollPositions.get(location.key);
    // The page the app started on, never left yet, stays where the browser has it: drawn before
    // the app's code ran, it may already be scrolled, and a click on its way would land beside
    // what it was aimed at.
    if (left === undefined && location.key === firstKey) return;
    window.scrollTo(0, left ?? 0);
  }, [location.key]);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/**
 * Gives the tree the fixed location `address` (`/path?query`): a page drawn outside a browser, by
 * the build or the server.
 */
export function StaticLocationProvider({ address, children }: { address: string; children: ReactNode }) {
  const location = useMemo(() => staticLocation(address), [address]);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export function useLocation(): AppLocation {
  return useContext(LocationContext);
}

/** The address's parameter that holds a list's search. */
export const SEARCH_PARAM = 'q';

/** The search an address's parameters hold, empty when none. */
export const searchTermOf = (params: URLSearchParams) => params.get(SEARCH_PARAM) ?? '';

/**
 * A list's search, kept in the address (`?q=`): a refresh, Back and a shared link give the same
 * list. Each new search is a history entry, so Back returns to the one before, where it was left.
 */
export function useSearchTerm(): [string, (term: string) => void] {
  const [params, setParams] = useQueryParams();
  const term = searchTermOf(params);
  const setTerm = useCallback((next: string) => setParams({ [SEARCH_PARAM]: next }), [setParams]);
  return [term, setTerm];
}

/**
 * A list's filters, kept in the address like its search (`?actor=…&kind=…`). Setting some is a
 * history entry, unless the address stays the same; empty values leave the address.
 */
export function useQueryParams(): [URLSearchParams, (changes: Partial<Record<string, string>>) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (changes: Partial<Record<string, string>>) => {
      // The address as it is now, not as last drawn: a change made before the page has drawn the
      // one before it (a navigation is a transition) builds on it instead of undoing it.
      const now = current.pathname === pathname ? current.search : search;
      const next = new URLSearchParams(now);
      for (const [name, value] of Object.entries(changes)) {
        if (value === '') next.delete(name);
        else if (value !== undefined) next.set(name, value);
      }
      const query = next.toString();
      // A search sent twice (a double tap) is one entry: Back leaves it at once.
      if (query === new URLSearchParams(now).toString()) return;
      navigate(query ? `${pathname}?${query}` : pathname);
    },
    [pathname, search],
  );
  return [params, setParams];
}

/** The parameters of the current path for the page's `pattern` ('/videos/:id'). */
export function useRouteParams(pattern: string): Record<string, string> {
  return matchRoute(pattern, useLocation().pathname) ?? {};
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Carried along to the new history entry (see goBack). */
  state?: unknown;
};

/** A real link (it opens in a new tab as usual) that a plain click follows without reloading. */
export function Link({ to, state, onClick, onPointerDown, onMouseEnter, onFocus, ...rest }: LinkProps) {
  const intent = () => preparation?.intent(new URL(to, window.location.href).pathname);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const elsewhere = rest.target !== undefined && rest.target !== '_self';
    if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
    event.preventDefault();
    // Following a link to the page on screen adds no history entry.
    navigate(to, { replace: to === current.pathname, state });
  };
  const withIntent =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      handler?.(event);
      intent();
    };
  return (
    <a
      {...rest}
      href={to}
      onClick={follow}
      onPointerDown={withIntent(onPointerDown)}
      onMouseEnter={withIntent(onMouseEnter)}
      onFocus={withIntent(onFocus)}
    />
  );
}

/** A menu link marked `active` and `aria-current="page"` while its page, or one below, is shown. */
export function NavLink({ to, className, ...rest }: LinkProps) {
  const here = routePath(useLocation().pathname);
  const active = here === to || here.startsWith(`${to}/`);
  return (
    <Link
      {...rest}
      to={to}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** Sends the user to `to` in place of the current entry, as soon as it is shown. */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  useEffect(() => navigate(to, { replace: true, state }), [to, state]);
  return null;
}
