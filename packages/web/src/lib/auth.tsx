import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Login, Session } from '@coulisses/domain/schemas/auth';
import { SESSION_EXPIRY_MARGIN_MS } from '@coulisses/domain/constants/limits';
import { isSessionExpired, msUntilRenewal } from '@coulisses/domain/rules/session-timing';
import { api, onUnauthorized } from './api-client.ts';

export const sessionKeys = { current: ['session'] as const };

/**
 * The session check; the server answers 204, read as null, when nobody is signed in. index.html
 * preloads its address, which this request takes over (prerender.ts keeps that out of the
 * prerendered pages, which know the answer).
 */
export const sessionQuery = queryOptions({
  queryKey: sessionKeys.current,
  queryFn: () => api.get<Session | null>('/api/auth/me'),
  staleTime: Infinity,
});

/** The signed-in user's session, or null when nobody is signed in. */
export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * Starts the app knowing that nobody is signed in, without asking the server: on a page the build
 * prerendered, which the server sends only to a visitor without a session cookie.
 */
export function startSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(sessionKeys.current, null);
}

export function useUser() {
  return useSession().data?.user ?? null;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Login) => api.post<Session>('/api/auth/login', credentials),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.current, session);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>('/api/auth/logout'),
    // Whatever the server says, this browser is signed out from now on.
    onSettled: () => signOutLocally(queryClient),
  });
}

/** Milliseconds from `now` until a session ending at `expiresAt` counts as expired. */
function msUntilExpiry(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - SESSION_EXPIRY_MARGIN_MS - now);
}

/**
 * Forgets the user and everything loaded for them. The session query itself is set, not removed:
 * `clear()` would detach the guard from it, and the guard would not see the sign-out.
 */
function signOutLocally(queryClient: QueryClient) {
  queryClient.setQueryData(sessionKeys.current, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
  queryClient.getMutationCache().clear();
}

/**
 * Runs `action` after `ms`, even past setTimeout's limit of about 24.8 days, beyond which a browser
 * fires at once (a 30-day session would otherwise renew in a loop). Returns the cancel function.
 */
function after(ms: number, action: () => void): () => void {
  const MAX_TIMEOUT_MS = 2 ** 31 - 1;
  let cancel = () => {};
  const wait = (left: number) => {
    const step = Math.min(left, MAX_TIMEOUT_MS);
    const timer = window.setTimeout(() => (left > step ? wait(left - step) : action()), step);
    cancel = () => window.clearTimeout(timer);
  };
  wait(ms);
  return () => cancel();
}

/**
 * Keeps the session alive while the app is open: renews it 5 minutes before it ends, and drops it
 * (so the guard goes to /login) once it counts as expired, 30 s before the server forgets it,
 * renewed or not: a renewal that failed must not leave a dead session on screen.
 */
export function useSessionKeeper() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const expiresAt = session?.expiresAt;

  useEffect(
    () =>
      onUnauthorized(() => {
        // Only a session we believed alive can end.
        if (queryClient.getQueryData(sessionKeys.current)) signOutLocally(queryClient);
      }),
    [queryClient],
  );

  useEffect(() => {
    if (!expiresAt) return;
    const renew = async () => {
      if (isSessionExpired(expiresAt, Date.now())) return signOutLocally(queryClient);
      try {
        queryClient.setQueryData(sessionKeys.current, await api.post<Session>('/api/auth/refresh'));
      } catch {
        // Nothing more to do: the expiry timer below still signs out in time.
      }
    };
    const cancelRenewal = after(msUntilRenewal(expiresAt, Date.now()), () => void renew());
    const cancelExpiry = after(msUntilExpiry(expiresAt, Date.now()), () => signOutLocally(queryClient));
    // Timers sleep with the laptop lid: check again whenever the tab comes back.
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      if (isSessionExpired(expiresAt, Date.now())) signOutLocally(queryClient);
      else if (msUntilRenewal(expiresAt, Date.now()) === 0) void renew();
    };
    document.addEventListener('visibilitychange', check);
    return () => {
      cancelRenewal();
      cancelExpiry();
      document.removeEventListener('visibilitychange', check);
    };
  }, [expiresAt, queryClient]);
}
