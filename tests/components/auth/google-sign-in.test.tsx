import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithGoogle } from '@/client/firebase';
import { getVisitorId } from '@/client/fingerprint';
import { server } from '@/mocks/node';
import SignInPage from '@/pages/sign-in';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { enableFirebase } from '@/tests/module-mocks/firebase';
import { renderWithApp, resetAuthAfterEach } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
beforeEach(() => {
  resetRouter('/sign-in');
  enableFirebase();
  vi.mocked(signInWithGoogle).mockReset();
});

/** An unsigned token with the claims the mock backend reads. */
const idTokenFor = (email: string, name: string) =>
  `x.${btoa(JSON.stringify({ email, name })).replace(/=+$/, '')}.y`;

describe('Continue with Google (Firebase configured)', () => {
  it('signs a new Google user in and sends them to the basic profile', async () => {
    vi.mocked(signInWithGoogle).mockResolvedValue(idTokenFor('grace@navy.example', 'Grace Hopper'));
    // The browser's fingerprint is still being worked out when the person clicks: the sign-in waits for it.
    let fingerprinted!: (visitorId: string) => void;
    vi.mocked(getVisitorId).mockReturnValue(new Promise((resolve) => { fingerprinted = resolve; }));
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/google/')) bodies.push(await request.clone().json());
    });
    const { user } = renderWithApp(<SignInPage />);
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    await waitFor(() => expect(signInWithGoogle).toHaveBeenCalled());
    fingerprinted('visitor-7');
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/basic-profile'));
    expect(bodies).toEqual([{ id_token: idTokenFor('grace@navy.example', 'Grace Hopper'), visitor_id: 'visitor-7' }]);
    expect(useAuthStore.getState().user?.name).toBe('Grace Hopper');
    server.events.removeAllListeners();
  });

  it('shows why Google sign-in failed', async () => {
    vi.mocked(signInWithGoogle).mockRejectedValue(new Error('Google sign-in was cancelled.'));
    const { user } = renderWithApp(<SignInPage />);
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in was cancelled.');
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeEnabled();
  });
});
