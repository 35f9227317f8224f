import { beforeEach, describe, expect, it } from 'vitest';
import { useRequestStore } from '@/store/request';

const state = () => {
  const { loading, message, kind } = useRequestStore.getState();
  return { loading, message, kind };
};

beforeEach(() => useRequestStore.setState(useRequestStore.getInitialState(), true));

describe('request store (spec §4)', () => {
  it('starts idle', () => {
    expect(state()).toEqual({ loading: false, message: null, kind: null });
  });

  it('fetch-start sets loading and clears the previous message', () => {
    useRequestStore.getState().fetchError('Earlier failure');
    useRequestStore.getState().fetchStart();
    expect(state()).toEqual({ loading: true, message: null, kind: null });
  });

  it('success clears loading', () => {
    useRequestStore.getState().fetchStart();
    useRequestStore.getState().fetchSuccess();
    expect(state()).toEqual({ loading: false, message: null, kind: null });
  });

  it('an error stops loading and sets the message', () => {
    useRequestStore.getState().fetchStart();
    useRequestStore.getState().fetchError('The server is unavailable.');
    expect(state()).toEqual({ loading: false, message: 'The server is unavailable.', kind: 'error' });
  });

  it('a notification stops loading and sets the message', () => {
    useRequestStore.getState().fetchStart();
    useRequestStore.getState().notify('Saved.');
    expect(state()).toEqual({ loading: false, message: 'Saved.', kind: 'notification' });
  });

  it('clear forgets the message without touching loading', () => {
    useRequestStore.getState().fetchStart();
    useRequestStore.getState().notify('Saved.');
    useRequestStore.getState().fetchStart();
    useRequestStore.getState().clear();
    expect(state()).toEqual({ loading: true, message: null, kind: null });
  });
});
