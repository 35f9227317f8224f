import { beforeEach, describe, expect, it } from 'vitest';
import { useRequestStore } from '@/store/request';

const state = () => {
  const { message, kind } = useRequestStore.getState();
  return { message, kind };
};

beforeEach(() => useRequestStore.setState(useRequestStore.getInitialState(), true));

describe('request store (spec §4)', () => {
  it('starts with no message', () => {
    expect(state()).toEqual({ message: null, kind: null });
  });

  it('an error sets the message', () => {
    useRequestStore.getState().fetchError('The server is unavailable.');
    expect(state()).toEqual({ message: 'The server is unavailable.', kind: 'error' });
  });

  it('a notification sets the message', () => {
    useRequestStore.getState().notify('Saved.');
    expect(state()).toEqual({ message: 'Saved.', kind: 'notification' });
  });

  it('clear forgets the message', () => {
    useRequestStore.getState().notify('Saved.');
    useRequestStore.getState().clear();
    expect(state()).toEqual({ message: null, kind: null });
  });
});
