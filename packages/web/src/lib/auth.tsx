import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Login, Session } from '@coulisses/domain/schemas/auth';
import { isSessionExpired, msUntilRenewal } from '@coulisses/domain/rules/session-timing';
import { api, ApiError, onUnauthorized } from './api-client.ts';

export const sessionKeys = { current: ['session'] as const };

async function fetchSession(): Promise<Session | null> {
  try {
    return await api.get<Session>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user's session, or null when nobody is signed in. */
export function useSession() {
  return useQuery({ queryKey: sessionKeys.current, queryFn: fetchSession, staleTime: Infinity });
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

function signOutLocally(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.current, null);
}

/**
 * Keeps the session alive while the app is open: renews it 5 minutes before it ends, and drops it
 * (so the guard goes to /login) once it counts as expired, 30 s before the server forgets it.
 */
export function useSessionKeeper() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const expiresAt = session?.expiresAt;

  useEffect(
    () =>
      onUnauthorized(() => {
        // Only a session we believed alive can end; the "who am I" probe answering 401 is not news.
        if (queryClient.getQueryData(sessionKeys.current)) signOutLocally(queryClient);
      }),
    [queryClient],
  );

  useEffect(() => {
    if (!expiresAt) return;
    const renew = async () => {
      try {
        queryClient.setQueryData(sessionKeys.current, await api.post<Session>('/api/auth/refresh'));
      } catch {
        if (isSessionExpired(expiresAt, Date.now())) signOutLocally(queryClient);
      }
    };
    const renewal = window.setTimeout(() => void renew(), msUntilRenewal(expiresAt, Date.now()));
    // Timers sleep with the laptop lid: check again whenever the tab comes back.
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      if (isSessionExpired(expiresAt, Date.now())) signOutLocally(queryClient);
      else if (msUntilRenewal(expiresAt, Date.now()) === 0) void renew();
    };
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearTimeout(renewal);
      document.removeEventListener('visibilitychange', check);
    };
  }, [expiresAt, queryClient]);
}
