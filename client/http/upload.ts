import type { AxiosProgressEvent } from 'axios';
import { apiClient } from './clients';

/**
 * POST of a form (multipart) or of a file as the whole body (sent with its
 * own type), reporting progress (spec §7); `signal` cancels it (the promise
 * then rejects with axios's CanceledError). Returns the response body.
 */
export async function upload<T>(url: string, body: FormData | Blob, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<T> {
  const response = await apiClient.post<T>(url, body, {
    headers: { 'Content-Type': body instanceof Blob ? body.type || 'application/octet-stream' : 'multipart/form-data' },
    onUploadProgress: (e: AxiosProgressEvent) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    signal,
  });
  return response.data;
}
