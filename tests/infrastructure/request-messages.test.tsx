import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { RequestMessages } from '@/components/layout/RequestMessages';
import { useRequestStore } from '@/store/request';

beforeEach(() => useRequestStore.setState(useRequestStore.getInitialState(), true));

const renderMessages = () =>
  render(
    <App>
      <RequestMessages />
    </App>,
  );

describe('RequestMessages', () => {
  it('shows an error once and forgets it', async () => {
    renderMessages();
    act(() => useRequestStore.getState().fetchError('The server is unavailable.'));
    expect(await screen.findByText('The server is unavailable.')).toBeInTheDocument();
    expect(useRequestStore.getState().message).toBeNull();
  });

  it('shows a notification', async () => {
    renderMessages();
    act(() => useRequestStore.getState().notify('Failed to generate the finger print of this browser'));
    expect(await screen.findByText('Failed to generate the finger print of this browser')).toBeInTheDocument();
  });
});
