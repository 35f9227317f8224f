import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import BasicProfilePage from '@/pages/basic-profile';
import { useAuthStore } from '@/store/auth';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { deferred, renderWithApp, resetAuthAfterEach, signInAs } from '@/tests/render';
import { mockRouter, resetRouter } from '@/tests/router';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());

beforeEach(async () => {
  resetRouter('/basic-profile');
  await signInAs({ email: 'lin@acme.io', name: 'Lin Chen' });
});

const setup = () => {
  const view = renderWithApp(<BasicProfilePage />);
  const chooseRole = async (search: string, label: string) => {
    await view.user.click(screen.getByLabelText('Role'));
    await view.user.type(screen.getByLabelText('Role'), search);
    await view.user.click(await screen.findByTitle(label));
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Continue' }));
  return { ...view, chooseRole, submit };
};

describe('basic-profile page', () => {
  it('prefills the name and shows Role and the optional About', () => {
    setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Lin Chen');
    expect(screen.getByLabelText('Role')).toHaveAttribute('role', 'combobox');
    expect(screen.getByLabelText('About').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('is step 1 of 2 for someone who has no hub yet', () => {
    setup();
    expect(screen.getByText(/Step 1 of 2/)).toBeInTheDocument();
  });

  it('shows no step label to someone an invitation already brought into a hub', async () => {
    await signInAs({ email: 'ivy@acme.io', name: 'Ivy Invitee', hub: { name: 'Acme', domainHandle: 'acme' } });
    setup();
    expect(screen.getByRole('heading', { name: 'Tell us about yourself' })).toBeInTheDocument();
    expect(screen.queryByText(/Step \d of 2/)).not.toBeInTheDocument();
  });

  it('groups the roles by department and filters them as the user types', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('Role'));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    expect(await screen.findByTitle('Engineering')).toBeInTheDocument();
    expect(screen.getByTitle('Software Engineer')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Role'), 'design');
    await waitFor(() => expect(screen.queryByTitle('Software Engineer')).not.toBeInTheDocument());
    expect(screen.getByTitle('Product Designer')).toBeInTheDocument();
    expect(screen.getByTitle('Graphic Designer')).toBeInTheDocument();
  });

  it('asks for a name and a role', async () => {
    const { user, submit } = setup();
    await user.clear(screen.getByLabelText('Name'));
    await submit();
    expect(await screen.findByText('Please enter Name')).toBeInTheDocument();
    // Each field shows its error after its own timer (antd's useDebounce): the second may come a render later.
    expect(await screen.findByText('Please enter Role')).toBeInTheDocument();
    expect(screen.queryByText(/Please enter About/)).not.toBeInTheDocument();
  });

  it('saves the profile, updates the signed-in user and moves on to the hub step', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/auth/profile/')) bodies.push(await request.clone().json());
    });
    const { user, chooseRole, submit } = setup();
    await chooseRole('designer', 'Product Designer');
    await user.type(screen.getByLabelText('About'), 'I design the onboarding.');
    await submit();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/create-hub'));
    expect(bodies).toEqual([{ name: 'Lin Chen', role: 'product_designer', about: 'I design the onboarding.' }]);
    expect(useAuthStore.getState().user).toMatchObject({
      current_step: 'organization',
      profile: { role: 'product_designer', about: 'I design the onboarding.' },
    });
  });

  it('loads the roles itself when the settings are missing', async () => {
    useAuthStore.setState({ settings: null });
    const { user } = setup();
    await user.click(screen.getByLabelText('Role'));
    expect(await screen.findByTitle('Software Engineer')).toBeInTheDocument();
    expect(useAuthStore.getState().settings?.profile_roles.length).toBeGreaterThan(10);
  });

  it('puts the server’s field error next to Role', async () => {
    server.use(
      http.patch('*/api/v1/auth/profile/', () =>
        HttpResponse.json(
          { message: 'Choose a role from the list', code: 'validation_error', errors: { role: ['Choose a role from the list'] } },
          { status: 400 },
        ),
      ),
    );
    const { chooseRole, submit } = setup();
    await chooseRole('account', 'Accountant');
    await submit();
    await waitFor(() => {
      const item = screen.getByLabelText('Role').closest('.ant-form-item');
      expect(item && within(item as HTMLElement).getByText('Choose a role from the list')).toBeInTheDocument();
    });
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('sends one request while saving', async () => {
    const gate = deferred();
    let requests = 0;
    server.use(
      http.patch('*/api/v1/auth/profile/', async () => {
        requests += 1;
        await gate.promise;
        return HttpResponse.json({ message: 'Please sign in to continue.', code: 'unauthenticated' }, { status: 401 });
      }),
    );
    const { user, chooseRole, submit } = setup();
    await chooseRole('account', 'Accountant');
    await submit();
    const button = screen.getByRole('button', { name: /Continue/ });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    gate.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to continue.');
    expect(requests).toBe(1);
  });
});
