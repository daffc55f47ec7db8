import type { ErrorBody, ErrorCode } from '@coulisses/domain/errors';
import { MESSAGES } from '@coulisses/domain/messages';

/** Any non-2xx answer of the API, with the server's French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever the server says the session is gone (401), so the app can go to /login. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function toApiError(status: number, body: unknown): ApiError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (error?.message) return new ApiError(status, error.code, error.message, error.fields);
  return new ApiError(status, status >= 500 ? 'internal_error' : 'bad_request', MESSAGES.serverError);
}

function failure(status: number, body: unknown, url: string): ApiError {
  // A 401 on the sign-in call itself is a wrong password, not an ended session.
  if (status === 401 && !url.endsWith('/api/auth/login'))
    unauthorizedListeners.forEach((listener) => listener());
  return toApiError(status, body);
}

async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Connexion impossible. Vérifie ton réseau et réessaie.');
  }
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw failure(response.status, parsed, url);
  return parsed as T;
}

export const api = {
  get: <T>(url: string, signal?: AbortSignal) => request<T>('GET', url, undefined, signal),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};

/**
 * Sends a multipart form with upload progress (fetch cannot report it): `onProgress` receives
 * a fraction from 0 to 1 as the bytes leave the browser.
 */
export function uploadForm<T>(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      reject(failure(xhr.status, body, url));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'Connexion impossible. Vérifie ton réseau et réessaie.'));
    xhr.send(form);
  });
}

/** Builds `url?key=value` from the defined, non-empty parameters. */
export function withQuery(url: string, params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}
