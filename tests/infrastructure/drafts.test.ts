import { describe, expect, it, vi } from 'vitest';
import { claimDrafts, clearDrafts, DRAFT_LIST_KEY, getDraft, listDrafts, removeDraft, saveDraft } from '@/store/drafts';

describe('drafts (spec §3)', () => {
  it('saves each draft under its own key and lists the keys', () => {
    saveDraft('note-1', { text: 'one' });
    saveDraft('note-2', { text: 'two' });
    saveDraft('note-1', { text: 'one, edited' });
    expect(JSON.parse(window.localStorage.getItem(DRAFT_LIST_KEY) ?? '[]')).toEqual(['draft:note-1', 'draft:note-2']);
    expect(window.localStorage.getItem('draft:note-2')).toContain('two');
    expect(listDrafts()).toEqual(['note-1', 'note-2']);
    expect(getDraft<{ text: string }>('note-1')?.data.text).toBe('one, edited');
  });

  it('removes one draft and its key', () => {
    saveDraft('a', 1);
    saveDraft('b', 2);
    removeDraft('a');
    expect(getDraft('a')).toBeNull();
    expect(listDrafts()).toEqual(['b']);
  });

  it('clears every draft and the list', () => {
    saveDraft('a', 1);
    saveDraft('b', 2);
    window.localStorage.setItem('unrelated', 'kept');
    clearDrafts();
    expect(window.localStorage.getItem('draft:a')).toBeNull();
    expect(window.localStorage.getItem('draft:b')).toBeNull();
    expect(window.localStorage.getItem(DRAFT_LIST_KEY)).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
  });

  it('keeps drafts for the same person and drops them when another person signs in', () => {
    claimDrafts('ada');
    saveDraft('a', 1);
    claimDrafts('ada');
    expect(getDraft('a')?.data).toBe(1);
    claimDrafts('bob');
    expect(getDraft('a')).toBeNull();
    expect(listDrafts()).toEqual([]);
  });

  it('treats corrupt storage as no drafts', () => {
    window.localStorage.setItem(DRAFT_LIST_KEY, '{not json');
    window.localStorage.setItem('draft:x', 'oops');
    expect(listDrafts()).toEqual([]);
    expect(getDraft('x')).toBeNull();
  });

  it('does not throw when storage is full', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveDraft('big', 'x')).not.toThrow();
    expect(warn).toHaveBeenCalled();
    setItem.mockRestore();
  });
});
