import type { ErrorBody, ErrorCode } from '@coulisses/domain/errors';
import { MESSAGES } from '@coulisses/domain/messages';

/** Any non-2xx answer of the API, with the server's French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error' | 'invalid_response',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NETWORK_ERROR = 'Connexion impossible. Vérifie ton réseau et réessaie.';
const INVALID_RESPONSE = 'Le serveur ne répond pas correctement. Réessaie dans un instant.';

/** Not our API's JSON: a proxy's or load balancer's error page stands in front of the server. */
const NOT_JSON = Symbol('not JSON');

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
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
  if (body === NOT_JSON) return new ApiError(status, 'invalid_response', INVALID_RESPONSE);
  return toApiError(status, body);
}

/** The answer's JSON body, or the ApiError a person can read. */
function outcome<T>(status: number, text: string, url: string): T {
  const body = parseBody(text);
  if (status < 200 || status >= 300) throw failure(status, body, url);
  if (body === NOT_JSON) throw new ApiError(status, 'invalid_response', INVALID_RESPONSE);
  return body as T;
}

/** What a request needs to leave: its method, address, headers and body. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** How requests reach the API and their answers come back. */
export type Transport = (request: OutgoingRequest) => Promise<{ status: number; text: string }>;

const browserTransport: Transport = async ({ method, url, headers, body, signal }) => {
  const response = await fetch(url, { method, credentials: 'same-origin', headers, body, signal });
  return { status: response.status, text: await response.text() };
};

let transport = browserTransport;

/**
 * Sends every request through `replacement` instead of the browser's fetch: the server's own
 * answers, when it draws a signed-in page (src/prerender-entry.tsx).
 */
export function sendRequestsThrough(replacement: Transport) {
  transport = replacement;
}

async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let answer: { status: number; text: string };
  try {
    answer = await transport({
      method,
      url,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR);
  }
  return outcome<T>(answer.status, answer.text, url);
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
export async function uploadForm<T>(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', NETWORK_ERROR));
    xhr.send(form);
  });
  const body = outcome<T>(answer.status, answer.text, url);
  onProgress?.(1);
  return body;
}

/** Builds `url?key=value` from the defined, non-empty parameters. */
export function withQuery(url: string, params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}
