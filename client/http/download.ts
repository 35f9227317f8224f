import { AxiosError } from 'axios';
import { apiClient } from './clients';

/**
 * A file the API writes (an export), fetched through the API client so the
 * request carries the session token (a plain link would not), and read as
 * bytes so it is saved exactly as the API wrote it.
 */
export async function downloadFile(path: string, params: object, type: string): Promise<Blob> {
  try {
    const response = await apiClient.get<ArrayBuffer>(path, { params, responseType: 'arraybuffer' });
    return new Blob([response.data], { type });
  } catch (error) {
    // A refusal is the usual JSON error, which byte mode hands over unread: read it, so its message can be shown.
    if (error instanceof AxiosError && error.response?.data instanceof ArrayBuffer) {
      const bytes = error.response.data;
      try {
        error.response.data = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
      } catch {
        error.response.data = bytes;
      }
    }
    throw error;
  }
}

/** Saves a downloaded file under `name`, as a link to it would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
