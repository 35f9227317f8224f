import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS } from '@/lib/validation/fields';
import { MOCK_DEMO_ACCOUNT } from '@/mocks/state';
import { server } from '@/mocks/node';
import SignUpPage from '@/pages/sign-up';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

vi.mock('next/router', () => import('@/tests/router'));

setupMockServer();
beforeEach(() => resetRouter('/sign-up'));

const setup = () => {
  const view = renderWithApp(<SignUpPage />);
  const fill = async (values: { name?: string; email?: string; password?: string }) => {
    if (values.name !== undefined) await view.user.type(screen.getByLabelText('Name'), values.name);
    if (values.email !== undefined) await view.user.type(screen.getByLabelText('Email'), values.email);
    if (values.password !== undefined) await view.user.type(screen.getByLabelText('Password'), values.password);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create account' }));
  return { ...view, fill, submit };
};

const valid = { name: 'Ada Lovelace', email: 'Ada@Example.org', password: 'Analytical#1843' };

describe('sign-up page', () => {
  it('shows the labelled fields, the submit button and the sign-in link', () => {
    setup();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('asks for every field when the form is sent empty', async () => {
    const { submit } = setup();
    await submit();
    expect(await screen.findByText('Please enter Name')).toBeInTheDocument();
    expect(screen.getByText('Please enter Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter Password')).toBeInTheDocument();
  });

  it.each([
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['email', { email: 'ada@' }, 'Email is not a valid email'],
    ['password', { password: 'Ab1#' }, 'Password must be at least 8 characters'],
    ['password', { password: 'ANALYTICAL#1' }, 'Password must contain a lowercase letter'],
    ['password', { password: 'analytical#1' }, 'Password must contain an uppercase letter'],
    ['password', { password: 'Analytical#' }, 'Password must contain a digit'],
    ['password', { password: 'Analytical1843' }, `Password must contain a special character (${PASSWORD_SPECIAL_CHARACTERS})`],
  ])('shows the %s rule: %s → "%s"', async (_field, values, message) => {
    const { fill, submit } = setup();
    await fill(values);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('registers with the entered values and goes to the verify page', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/register/')) bodies.push(await request.clone().json());
    });
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org'));
    expect(bodies).toEqual([valid]);
    server.events.removeAllListeners();
  });

  it('carries a safe next path (an invitation link) on to the verify page', async () => {
    resetRouter('/sign-up', { next: '/join-hub?invitation=abc' });
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() =>
      expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org&next=%2Fjoin-hub%3Finvitation%3Dabc'),
    );
  });

  it('drops a next that points off the site', async () => {
    resetRouter('/sign-up', { next: '//evil.example/steal' });
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/verify?email=ada%40example.org'));
  });

  it('puts the server’s "email taken" error next to the Email field', async () => {
    const { fill, submit } = setup();
    await fill({ ...valid, email: MOCK_DEMO_ACCOUNT.email });
    await submit();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this email already exists.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('shows a network failure above the form and lets the user try again', async () => {
    server.use(http.post('*/api/v1/auth/register/', () => HttpResponse.error()));
    const { fill, submit } = setup();
    await fill(valid);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('shows progress and sends one request however often the button is clicked', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.post('*/api/v1/auth/register/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ data: { email: 'ada@example.org', expires_in: 600 } }, { status: 201 });
      }),
    );
    const { fill, submit, user } = setup();
    await fill(valid);
    await submit();
    const button = screen.getByRole('button', { name: /Create account/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    await user.click(button);
    gate.release();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledTimes(1));
    expect(requests).toBe(1);
  });
});
