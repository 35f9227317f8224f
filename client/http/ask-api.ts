import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { PAGE_SIZE } from '../../lib/constants';
import { ASK_STREAM, askEventSchema, type AskBody, type AskEvent } from '../../lib/contract/ask';
import { call } from './api';
import { apiClient, statusOf } from './clients';

/** Said when the answer's stream ends before its `done` (or `error`) event. */
export const CUT_OFF = 'The answer was cut off.';

/** The headers the API client sends now (AppType, Authorization, Org-Handle), so the stream is scoped like every other call. */
function currentHeaders(): Headers {
  const { common, ...rest } = apiClient.defaults.headers;
  const headers = new Headers();
  for (const [name, value] of Object.entries({ ...rest, ...common })) {
    if (typeof value === 'string') headers.set(name, value);
  }
  headers.set('Accept', 'application/x-ndjson');
  // Set here: axios's own defaults list Content-Type as undefined under `common`, which hides the client's JSON one.
  headers.set('Content-Type', 'application/json');
  return headers;
}

/**
 * A failed fetch as the axios client would have rejected it, so the app's
 * error helpers (errorMessage, fieldErrorsOf, statusOf) read it unchanged.
 */
function axiosErrorOf(config: InternalAxiosRequestConfig, response?: { status: number; statusText: string; headers: Headers; data: unknown }) {
  if (!response) return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  const headers = new AxiosHeaders();
  response.headers.forEach((value, name) => headers.set(name, value));
  const code = response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  return new AxiosError(`Request failed with status code ${response.status}`, code, config, undefined, {
    ...response, headers, config,
  });
}

/** The seconds a 429 (or 503) asks to wait before asking again, when the API said. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof AxiosError)) return null;
  const seconds = Number(error.response?.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

export const isRateLimited = (error: unknown) => statusOf(error) === 429;

/**
 * POST ask/: asks a question and hands each event of the streamed answer to
 * `onEvent` as its line arrives. Rejects like an axios call when the API
 * refuses the question, and with CUT_OFF (a network error) when the stream
 * stops before its end; `signal` stops it (the rejection is then an AbortError).
 */
export async function askStream(body: AskBody, onEvent: (event: AskEvent) => void, signal?: AbortSignal): Promise<void> {
  const url = new URL(`${apiClient.defaults.baseURL ?? '/api/v1/'}${ASK_STREAM.path}`, window.location.href).toString();
  const headers = currentHeaders();
  const config: InternalAxiosRequestConfig = { url, method: ASK_STREAM.method, headers: new AxiosHeaders() };
  let response: Response;
  try {
    response = await fetch(url, { method: ASK_STREAM.method, headers, body: JSON.stringify(body), signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw axiosErrorOf(config);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): errorMessage falls back to the status.
    }
    throw axiosErrorOf(config, { status: response.status, statusText: response.statusText, headers: response.headers, data });
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // Stopping cancels the read in progress too, whichever fetch (or mock) produced the body.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop);
  let buffer = '';
  let ended = false;
  const take = (line: string) => {
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new AxiosError(CUT_OFF, AxiosError.ERR_NETWORK, config);
    }
    const event = askEventSchema.safeParse(json);
    // An event type this client does not know yet is skipped, not fatal.
    if (!event.success) return;
    if (event.data.type === 'done' || event.data.type === 'error') ended = true;
    onEvent(event.data);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split('\n');
      // The last piece is a partial line until its newline arrives.
      buffer = lines.pop() ?? '';
      lines.forEach(take);
    }
    signal?.throwIfAborted();
    take(buffer);
  } catch (e) {
    if (signal?.aborted || e instanceof AxiosError) throw e;
    throw new AxiosError(CUT_OFF, AxiosError.ERR_NETWORK, config);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (!ended) throw new AxiosError(CUT_OFF, AxiosError.ERR_NETWORK, config);
}

/** Rating an answer, and the owners' list of questions the hub could not answer. */
export const askApi = {
  feedback: (questionId: string, helpful: boolean) => call('POST ask/:id/feedback/', { params: { id: questionId }, body: { helpful } }),
  unanswered: (page: number) => call('GET ask/unanswered/', { query: { page, page_size: PAGE_SIZE } }),
};
