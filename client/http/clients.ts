import axios, { AxiosError, type AxiosInstance } from 'axios';
import { APP_TYPE } from '../../lib/constants';
import type { ApiError } from '../../lib/contract/envelope';

/** Where the API lives; empty means the same origin as the web app. */
export const API_HOST = (process.env.NEXT_PUBLIC_API_HOST ?? '').replace(/\/$/, '');

const baseHeaders = { 'Content-Type': 'application/json', AppType: APP_TYPE };

/** How long a request to the web app's own server may take before it counts as unreachable. */
const TOKEN_ROUTE_TIMEOUT_MS = 15_000;

/** The web app's own server (the /api/token route). */
export const tokenClient: AxiosInstance = axios.create({ headers: baseHeaders, withCredentials: true, timeout: TOKEN_ROUTE_TIMEOUT_MS });

/** The API service at {host}/api/v1/. Successes pass through; errors are rejected unchanged. */
export const apiClient: AxiosInstance = axios.create({ baseURL: `${API_HOST}/api/v1/`, headers: baseHeaders });

let authToken: string | null = null;

/** The signed-in session's token, for the meeting WebSocket, which sends it in its first message. */
export const currentAuthToken = (): string | null => authToken;

/** Adds `Authorization: JWT <token>` to both clients, or removes it. */
export function setAuthToken(token: string | null): void {
  authToken = token;
  for (const client of [tokenClient, apiClient]) {
    if (token) client.defaults.headers.common.Authorization = `JWT ${token}`;
    else delete client.defaults.headers.common.Authorization;
  }
}

/** Scopes every API request to one hub, or clears the scope. */
export function setHubHandle(handle: string | null): void {
  if (handle) {
    apiClient.defaults.headers.common['Org-Handle'] = handle;
  } else {
    delete apiClient.defaults.headers.common['Org-Handle'];
    console.info('Org-Handle cleared: requests are no longer scoped to a hub');
  }
}

function apiErrorOf(error: unknown): Partial<ApiError> | undefined {
  if (error instanceof AxiosError && error.response?.data && typeof error.response.data === 'object') {
    return error.response.data as Partial<ApiError>;
  }
  return undefined;
}

/** The spec's error rule: the server's error text or message, else the request's own message. */
export function errorMessage(error: unknown): string {
  const body = apiErrorOf(error) as (Partial<ApiError> & { error?: string }) | undefined;
  if (body?.error && typeof body.error === 'string') return body.error;
  if (body?.message) return body.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export const errorCode = (error: unknown): string | undefined => apiErrorOf(error)?.code;

export const fieldErrorsOf = (error: unknown): Record<string, string[]> | undefined => apiErrorOf(error)?.errors;

export const statusOf = (error: unknown): number | undefined =>
  error instanceof AxiosError ? error.response?.status : undefined;
