import type { AxiosProgressEvent } from 'axios';
import { PAGE_SIZE } from '../constants';
import type { ChangePasswordBody, LoginBody, ProfileBody, RegisterBody, ResendBody, ResetPasswordBody, VerifyBody } from '../contract/auth';
import type { CreateOrganizationBody } from '../contract/organizations';
import type { CallInput, ResponseOf } from '../contract/endpoint';
import { pathOf, splitKey } from '../contract/endpoint';
import type { EndpointAt, EndpointKey } from '../contract/endpoints';
import { apiClient, tokenClient } from './clients';

export interface Envelope<T> { data: T; message?: string }
export interface ListEnvelope<T> { data: T[]; count: number; page: number; page_size: number }

/** Generic helpers (spec §7): each returns the response body. */
export const http = {
  get: async <T>(url: string, params?: Record<string, unknown>) => (await apiClient.get<T>(url, { params })).data,
  post: async <T>(url: string, body?: unknown) => (await apiClient.post<T>(url, body ?? {})).data,
  put: async <T>(url: string, body?: unknown) => (await apiClient.put<T>(url, body ?? {})).data,
  patch: async <T>(url: string, body?: unknown) => (await apiClient.patch<T>(url, body ?? {})).data,
  delete: async <T>(url: string) => (await apiClient.delete<T>(url)).data,
  /** Generic list fetch: page and page_size (10). */
  list: async <T>(url: string, page = 1, params: Record<string, unknown> = {}) =>
    (await apiClient.get<ListEnvelope<T>>(url, { params: { page, page_size: PAGE_SIZE, ...params } })).data,
  /**
   * POST of a form (multipart) or of a file as the whole body (sent with its
   * own type), reporting progress; `signal` cancels it (the promise then
   * rejects with axios's CanceledError).
   */
  upload: async <T>(url: string, body: FormData | Blob, onProgress?: (percent: number) => void, signal?: AbortSignal) =>
    (
      await apiClient.post<T>(url, body, {
        headers: { 'Content-Type': body instanceof Blob ? body.type || 'application/octet-stream' : 'multipart/form-data' },
        onUploadProgress: (e: AxiosProgressEvent) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
        signal,
      })
    ).data,
};

/**
 * Calls the endpoint declared in the contract under `key` (`METHOD path/`)
 * and returns its response body, typed from the declaration.
 */
export async function call<K extends EndpointKey>(key: K, input: CallInput<EndpointAt<K>>): Promise<ResponseOf<EndpointAt<K>>> {
  const { method } = splitKey(key);
  const url = pathOf(key, input.params as Record<string, string> | undefined);
  // A POST, PUT or PATCH always carries a JSON body, empty when the endpoint takes none (a DELETE may carry a proof).
  const data = input.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  const response = await apiClient.request<ResponseOf<EndpointAt<K>>>({ method, url, params: input.query, data });
  return response.data;
}

/** A page that comes back full means there may be more (spec §4). */
export const hasMore = (page: ListEnvelope<unknown>) => page.data.length === page.page_size;

export const tokenApi = {
  get: async () => (await tokenClient.get<Envelope<{ token: string | null }>>('/api/token/')).data.data.token,
  set: async (token: string) => { await tokenClient.post('/api/token/', { token }); },
  clear: async () => { await tokenClient.delete('/api/token/'); },
};

export const authApi = {
  register: (body: RegisterBody) => call('POST auth/register/', { body }),
  verify: (body: VerifyBody) => call('POST auth/register/verify/', { body }),
  resend: (body: ResendBody) => call('POST auth/register/resend/', { body }),
  login: (body: LoginBody) => call('POST auth/login/', { body }),
  google: (idToken: string, visitorId?: string) => call('POST auth/google/', { body: { id_token: idToken, visitor_id: visitorId } }),
  me: () => call('GET auth/me/', {}),
  logout: () => call('GET auth/logout/', {}),
  forgotPassword: (email: string) => call('POST auth/password/forgot/', { body: { email } }),
  resetPassword: (body: ResetPasswordBody) => call('POST auth/password/reset/', { body }),
  changePassword: (body: ChangePasswordBody) => call('POST auth/password/change/', { body }),
  updateProfile: (body: ProfileBody) => call('PATCH auth/profile/', { body }),
};

export const organizationApi = {
  create: (body: CreateOrganizationBody) => call('POST organizations/', { body }),
  checkHandle: (handle: string) => call('GET organizations/check/', { query: { domain_handle: handle } }),
  list: (page = 1) => call('GET organizations/', { query: { page, page_size: PAGE_SIZE } }),
  joinable: () => call('GET organizations/joinable/', {}),
  get: (handle: string) => call('GET organizations/:handle/', { params: { handle } }),
  join: (handle: string) => call('POST organizations/:handle/join/', { params: { handle } }),
  switchTo: (handle: string) => call('POST organizations/switch/', { body: { domain_handle: handle } }),
};

export const settingsApi = {
  basic: () => call('GET core/basic-settings/', {}),
};

export const walletApi = {
  subscription: () => call('GET wallet/subscription-detail/', {}),
};
