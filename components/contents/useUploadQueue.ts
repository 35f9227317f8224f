import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from 'axios';
import { uploadProblem, type ContentItem, type ContentKind } from '@/lib/contract/contents';
import { errorMessage } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';

export type UploadState = 'rejected' | 'uploading' | 'failed' | 'cancelled' | 'done';

export interface UploadTask {
  key: string;
  file: File;
  kind: ContentKind;
  state: UploadState;
  percent: number;
  /** Why the file was refused or failed, in the server's words when it answered. */
  message: string | null;
}

let counter = 0;

/**
 * Uploads of a space, each file on its own: a file refused by the first
 * look (type, size) is marked and the others go on; each upload reports its
 * progress, can be cancelled, and can be tried again after a failure.
 * The queue lives with the space, so closing the dialog does not stop them.
 */
export function useUploadQueue(spaceId: string, onUploaded: (item: ContentItem) => void) {
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

  const run = useCallback(
    async (task: UploadTask) => {
      const controller = new AbortController();
      controllers.current.set(task.key, controller);
      patch(task.key, { state: 'uploading', percent: 0, message: null });
      try {
        const { data } = await contentsApi.upload(spaceId, task.kind, task.file, {
          signal: controller.signal,
          onProgress: (percent) => patch(task.key, { percent }),
        });
        patch(task.key, { state: 'done', percent: 100 });
        uploaded.current(data);
      } catch (e) {
        patch(task.key, isCancel(e) ? { state: 'cancelled', message: 'Upload cancelled.' } : { state: 'failed', message: errorMessage(e) });
      } finally {
        controllers.current.delete(task.key);
      }
    },
    [spaceId, patch],
  );

  const add = useCallback(
    (files: File[], kind: ContentKind) => {
      const added = files.map((file): UploadTask => {
        counter += 1;
        const problem = uploadProblem(kind, file);
        return { key: `upload-${counter}`, file, kind, state: problem ? 'rejected' : 'uploading', percent: 0, message: problem };
      });
      setTasks((all) => [...added, ...all]);
      for (const task of added) if (task.state === 'uploading') void run(task);
    },
    [run],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const retry = useCallback((task: UploadTask) => void run(task), [run]);
  const dismiss = useCallback((key: string) => setTasks((all) => all.filter((t) => t.key !== key)), []);
  const clearFinished = useCallback(() => setTasks((all) => all.filter((t) => t.state === 'uploading')), []);

  return {
    tasks,
    active: tasks.filter((t) => t.state === 'uploading').length,
    add,
    cancel,
    retry,
    dismiss,
    clearFinished,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
