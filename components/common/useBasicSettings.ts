import { useEffect, useState } from 'react';
import { settingsApi } from '@/client/http/api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';

/**
 * The global settings. The store loads them at sign-in; when that failed (or
 * has not happened) this fetches them once more and keeps them in the store.
 */
export function useBasicSettings() {
  const settings = useAuthStore((s) => s.settings);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (settings) return;
    let current = true;
    settingsApi
      .basic()
      .then(({ data }) => useAuthStore.setState({ settings: data }))
      .catch((e: unknown) => {
        if (current) setError(errorMessage(e));
      });
    return () => {
      current = false;
    };
  }, [settings, attempt]);

  const retry = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };

  return { settings, error, retry };
}
