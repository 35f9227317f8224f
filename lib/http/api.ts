import type { AxiosProgressEvent } from 'axios';
import { PAGE_SIZE } from '../constants';
import type {
  ChangePasswordBody, LoginBody, ProfileBody, RegisterBody, RegisterResponse, ResendBody, ResetPasswordBody, SignInResponse,
  TokenResponse, User, VerifyBody,
} from '../contract/auth';
import type {
  CheckHandleResponse, CreateOrganizationBody, JoinableOrganization, MyOrganization,
} from '../contract/organizations';
import type { BasicSettings } from '../contract/settings';
import type { Subscription } from '../contract/subscription';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '../contract/endpoint';
import { pathOf } from '../contract/endpoint';
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

/** What a call of an endpoint takes: its path parameters, query and body, each where the endpoint has one. */
export type CallInput<E extends Endpoint> =
  & (E['params'] extends object ? { params: ParamsOf<E> } : { params?: never })
  & (E['query'] extends object ? { query?: QueryOf<E> } : { query?: never })
  & (E['body'] extends object ? { body: BodyOf<E> } : { body?: never });

/** Calls an endpoint declared in the contract and returns its response body. */
export async function call<E extends Endpoint>(definition: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const url = pathOf(definition, input.params as Record<string, string> | undefined);
  // A POST, PUT or PATCH always carries a JSON body, empty when the endpoint takes none.
  const data = definition.method === 'GET' || definition.method === 'DELETE' ? undefined : (input.body ?? {});
  const response = await apiClient.request<ResponseOf<E>>({ method: definition.method, url, params: input.query, data });
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
  register: (body: RegisterBody) => http.post<Envelope<RegisterResponse>>('auth/register/', body),
  verify: (body: VerifyBody) => http.post<Envelope<TokenResponse>>('auth/register/verify/', body),
  resend: (body: ResendBody) => http.post<Envelope<{ email: string; expires_in: number }>>('auth/register/resend/', body),
  login: (body: LoginBody) => http.post<Envelope<SignInResponse>>('auth/login/', body),
  google: (idToken: string, visitorId?: string) =>
    http.post<Envelope<SignInResponse>>('auth/google/', { id_token: idToken, visitor_id: visitorId }),
  me: () => http.get<Envelope<User>>('auth/me/'),
  logout: () => http.get<Envelope<null>>('auth/logout/'),
  forgotPassword: (email: string) => http.post<Envelope<null>>('auth/password/forgot/', { email }),
  resetPassword: (body: ResetPasswordBody) => http.post<Envelope<null>>('auth/password/reset/', body),
  changePassword: (body: ChangePasswordBody) => http.post<Envelope<null>>('auth/password/change/', body),
  updateProfile: (body: ProfileBody) => http.patch<Envelope<User>>('auth/profile/', body),
};

export const organizationApi = {
  create: (body: CreateOrganizationBody) => http.post<Envelope<MyOrganization>>('organizations/', body),
  checkHandle: (handle: string) =>
    http.get<Envelope<CheckHandleResponse>>('organizations/check/', { domain_handle: handle }),
  list: (page = 1) => http.list<MyOrganization>('organizations/', page),
  joinable: () => http.get<Envelope<JoinableOrganization[]>>('organizations/joinable/'),
  get: (handle: string) => http.get<Envelope<MyOrganization>>(`organizations/${encodeURIComponent(handle)}/`),
  join: (handle: string) => http.post<Envelope<MyOrganization>>(`organizations/${encodeURIComponent(handle)}/join/`),
  switchTo: (handle: string) => http.post<Envelope<User>>('organizations/switch/', { domain_handle: handle }),
};

export const settingsApi = {
  basic: () => http.get<Envelope<BasicSettings>>('core/basic-settings/'),
};

export const walletApi = {
  subscription: () => http.get<Envelope<Subscription>>('wallet/subscription-detail/'),
};
