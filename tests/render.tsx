import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { afterEach } from 'vitest';
import { setAuthToken, setHubHandle } from '@/client/http/clients';
import { validateMessages } from '@/lib/validation/messages';
import { mockDb } from '@/mocks/node';
import { useAuthStore } from '@/store/auth';

/** Renders inside the app's antd providers, with the spec's form messages, plus a user-event session. */
export function renderWithApp(ui: ReactElement) {
  const user = userEvent.setup();
  const result = render(
    <ConfigProvider form={{ validateMessages }}>
      <AntdApp>{ui}</AntdApp>
    </ConfigProvider>,
  );
  return { user, ...result };
}

const signedOutState = useAuthStore.getState();

/** Each test starts signed out, with no credentials on the API clients. */
export function resetAuthAfterEach(): void {
  afterEach(() => {
    useAuthStore.setState(signedOutState, true);
    setAuthToken(null);
    setHubHandle(null);
  });
}

/**
 * Creates an account in the mock backend and signs it in through the store,
 * as the app does after verification.
 */
export async function signInAs(opts: Parameters<typeof mockDb.createAccount>[0]) {
  const { user, token } = mockDb.createAccount(opts);
  await useAuthStore.getState().login(token);
  return user;
}

/** A request the test can release later, to observe the pending state. */
export function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
