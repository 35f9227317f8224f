import type { ChangePasswordBody, LoginBody, ProfileBody, RegisterBody, ResendBody, ResetPasswordBody, VerifyBody } from '../../lib/contract/auth';
import type { CallInput, ResponseOf } from '../../lib/contract/endpoint';
import { pathOf, splitKey } from '../../lib/contract/endpoint';
import type { EndpointAt, EndpointKey } from '../../lib/contract/endpoints';
import type { PlanCode } from '../../lib/plans';
import { apiClient, tokenClient } from './clients';

export interface Envelope<T> { data: T; message?: string }
export interface ListEnvelope<T> {
  data: T[];
  count: number;
  page: number;
  page_size: number;
  /** Search only: `count` stopped at its cap, and more match. */
  count_is_capped?: boolean;
}

/** Per-call request settings: a time limit or a signal, for calls that must give up rather than hang. */
export interface CallOptions {
  timeout?: number;
  signal?: AbortSignal;
}

/**
 * Calls the endpoint declared in the contract under `key` (`METHOD path/`)
 * and returns its response body, typed from the declaration: the generic
 * helper for every method (spec §7); uploads with progress are `upload()`.
 */
export async function call<K extends EndpointKey>(
  key: K,
  input: CallInput<EndpointAt<K>>,
  options: CallOptions = {},
): Promise<ResponseOf<EndpointAt<K>>> {
  const { method } = splitKey(key);
  const url = pathOf(key, input.params as Record<string, string> | undefined);
  // A POST, PUT or PATCH always carries a JSON body, empty when the endpoint takes none (a DELETE may carry a proof).
  const data = input.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  const response = await apiClient.request<ResponseOf<EndpointAt<K>>>({ method, url, params: input.query, data, ...options });
  return response.data;
}

/** A page that comes back full means there may be more (spec §4). */
export const hasMore = (page: ListEnvelope<unknown>) => page.data.length === page.page_size;

export const tokenApi = {
  get: async () => (await tokenClient.get<Envelope<{ token: string | null }>>('/api/token/')).data.data.token,
  set: async (token: string) => { await tokenClient.post('/api/token/', { token }); },
  clear: async (options?: CallOptions) => { await tokenClient.delete('/api/token/', options); },
};

export const authApi = {
  register: (body: RegisterBody) => call('POST auth/register/', { body }),
  verify: (body: VerifyBody) => call('POST auth/register/verify/', { body }),
  resend: (body: ResendBody) => call('POST auth/register/resend/', { body }),
  login: (body: LoginBody) => call('POST auth/login/', { body }),
  google: (idToken: string, visitorId?: string) => call('POST auth/google/', { body: { id_token: idToken, visitor_id: visitorId } }),
  me: (options?: CallOptions) => call('GET auth/me/', {}, options),
  logout: (options?: CallOptions) => call('GET auth/logout/', {}, options),
  forgotPassword: (email: string) => call('POST auth/password/forgot/', { body: { email } }),
  resetPassword: (body: ResetPasswordBody) => call('POST auth/password/reset/', { body }),
  changePassword: (body: ChangePasswordBody) => call('POST auth/password/change/', { body }),
  updateProfile: (body: ProfileBody) => call('PATCH auth/profile/', { body }),
};


export const settingsApi = {
  basic: () => call('GET core/basic-settings/', {}),
};

export const billingApi = {
  subscription: () => call('GET wallet/subscription-detail/', {}),
  previewPlanChange: (plan: PlanCode) => call('GET wallet/plan-change/', { query: { plan } }),
  changePlan: (plan: PlanCode) => call('POST wallet/plan-change/', { body: { plan } }),
};
