import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from 'axios';
import {
  contentMismatchMessage, detectKind, extensionOf, HEAD_BYTES, headMatchesExtension, uploadProblem, type ContentItem, type ContentKind,
} from '@/lib/contract/contents';
import { errorMessage, statusOf } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';

/** waiting: checked and ready to go once the person starts the uploads. */
export type UploadState = 'waiting' | 'rejected' | 'uploading' | 'failed' | 'cancelled' | 'done';

export interface UploadTask {
  key: string;
  file: File;
  /** Detected from the file; the person may pick another while it waits. */
  kind: ContentKind;
  state: UploadState;
  percent: number;
  /** Why the file was refused or failed, in the server's words when it answered. */
  message: string | null;
  /** Whether trying again can succeed: a cancelled upload, a lost connection, a server error. */
  retryable: boolean;
  /** Its bytes are not what its extension says: no kind can take it. */
  mismatch: boolean;
}

let counter = 0;

function unknownTypeMessage(fileName: string): string {
  const extension = extensionOf(fileName);
  return extension ? `.${extension} files cannot be uploaded.` : 'Files without an extension (such as .pdf) cannot be uploaded.';
}

/** A task's state and message for `kind`: waiting when the kind takes the file, else refused with the reason. */
function checked(task: Pick<UploadTask, 'file' | 'mismatch'>, kind: ContentKind): Pick<UploadTask, 'kind' | 'state' | 'message'> {
  if (task.mismatch) return { kind, state: 'rejected', message: contentMismatchMessage(extensionOf(task.file.name)) };
  const problem = uploadProblem(kind, task.file);
  return { kind, state: problem ? 'rejected' : 'waiting', message: problem };
}

// Sent again, these can go through; a refusal (type, size, quota, rights) would only be refused again.
const canSucceedLater = (error: unknown) => {
  const status = statusOf(error);
  return status === undefined || status >= 500 || status === 408 || status === 429;
};

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
}

/**
 * Uploads of a space, each file on its own. Files are added with the kind
 * their extension says (and a first look at their bytes), wait while the
 * person checks or changes each kind, then go side by side once started;
 * each reports its progress, can be cancelled, and can be tried again after
 * a failure that may not happen twice. The queue lives with the space, so
 * closing the dialog does not stop them.
 */
export function useUploadQueue(spaceId: string, onUploaded: (item: ContentItem, task: UploadTask) => void) {
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // An upload ends after the list may have been filtered anew: hand the item to the list as it is then.
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  const patch = useCallback(
    (key: string, change: Partial<UploadTask>) => setTasks((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t))),
    [],
  );

  /** Changes a task only while it waits: one started or removed meanwhile is left alone. */
  const patchWaiting = useCallback(
    (key: string, change: (task: UploadTask) => Partial<UploadTask>) =>
      setTasks((all) => all.map((t) => (t.key === key && t.state === 'waiting' ? { ...t, ...change(t) } : t))),
    [],
  );

  const run = useCallback(
    async (task: UploadTask) => {
      const controller = new AbortController();
      controllers.current.set(task.key, controller);
      patch(task.key, { state: 'uploading', percent: 0, message: null, retryable: false });
      try {
        const { data } = await contentsApi.upload(spaceId, task.kind, task.file, {
          signal: controller.signal,
          onProgress: (percent) => patch(task.key, { percent }),
        });
        patch(task.key, { state: 'done', percent: 100 });
        uploaded.current(data, task);
      } catch (e) {
        patch(
          task.key,
          isCancel(e)
            ? { state: 'cancelled', message: 'Upload cancelled.', retryable: true }
            : { state: 'failed', message: errorMessage(e), retryable: canSucceedLater(e) },
        );
      } finally {
        controllers.current.delete(task.key);
      }
    },
    [spaceId, patch],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file): UploadTask => {
        counter += 1;
        const detected = detectKind(file.name);
        const base = { key: `upload-${counter}`, file, percent: 0, retryable: false, mismatch: false };
        return detected
          ? { ...base, ...checked(base, detected) }
          : { ...base, kind: 'general', state: 'rejected', message: unknownTypeMessage(file.name) };
      });
      setTasks((all) => [...added, ...all]);
      // A renamed file (a text named .pdf) is told apart before it is sent.
      for (const task of added) {
        if (task.state !== 'waiting') continue;
        void readHead(task.file).then(
          (head) => {
            if (!headMatchesExtension(task.file.name, head)) {
              patchWaiting(task.key, (t) => ({ mismatch: true, ...checked({ ...t, mismatch: true }, t.kind) }));
            }
          },
          // Unreadable here: the server still checks the bytes.
          () => undefined,
        );
      }
      return added;
    },
    [patchWaiting],
  );

  /** Another kind for a file that has not gone yet; a kind that does not take it says why. */
  const setKind = useCallback(
    (key: string, kind: ContentKind) =>
      setTasks((all) =>
        all.map((t) => (t.key === key && (t.state === 'waiting' || t.state === 'rejected') ? { ...t, ...checked(t, kind) } : t)),
      ),
    [],
  );

  const start = useCallback(() => {
    for (const task of tasks) if (task.state === 'waiting') void run(task);
  }, [tasks, run]);

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const retry = useCallback((task: UploadTask) => void run(task), [run]);
  const dismiss = useCallback((key: string) => setTasks((all) => all.filter((t) => t.key !== key)), []);
  const clearFinished = useCallback(() => setTasks((all) => all.filter((t) => t.state === 'uploading' || t.state === 'waiting')), []);

  return {
    tasks,
    active: tasks.filter((t) => t.state === 'uploading').length,
    waiting: tasks.filter((t) => t.state === 'waiting').length,
    add,
    setKind,
    start,
    cancel,
    retry,
    dismiss,
    clearFinished,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
