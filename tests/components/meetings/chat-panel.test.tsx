import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MAX_LENGTH, type ChatMessage } from '@/lib/contract/meetings';
import { ChatPanel } from '@/components/meetings/ChatPanel';
import { renderWithApp } from '@/tests/render';

const ana = { id: 'u2', name: 'Ana Lima' };
const message = (text: string, change: Partial<ChatMessage> = {}): ChatMessage => ({
  id: text, peer_id: 'ana-peer', user: ana, text, sent_at: '2026-01-01T10:05:00.000Z', ...change,
});

/** The panel with its draft kept like the room keeps it. */
function Panel({ messages, onSend }: { messages: ChatMessage[]; onSend(text: string): Promise<void> }) {
  const [draft, setDraft] = useState('');
  return <ChatPanel messages={messages} selfPeerId="me-peer" draft={draft} onDraftChange={setDraft} onSend={onSend} />;
}

function renderPanel(messages: ChatMessage[] = [], onSend = vi.fn(async (_text: string) => undefined)) {
  const view = renderWithApp(<Panel messages={messages} onSend={onSend} />);
  return { ...view, onSend, box: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('chat panel', () => {
  it('shows who wrote each message and when, oneself as You', () => {
    renderPanel([message('Hello all'), message('Hi Ana', { id: 'm2', peer_id: 'me-peer', user: { id: 'u1', name: 'Dana' } })]);
    const [first, second] = screen.getAllByTestId('chat-message');
    expect(first).toHaveTextContent('Ana Lima');
    expect(first).toHaveTextContent('Hello all');
    expect(first?.querySelector('time')).toHaveAttribute('dateTime', '2026-01-01T10:05:00.000Z');
    expect(second).toHaveTextContent(/^You/);
  });

  it('makes http and https addresses links that open safely, and leaves everything else as text', () => {
    const text = 'Notes at https://docs.example.test/a?b=1. Not javascript:alert(1) nor <b>bold</b> <img src=x onerror=alert(1)> ftp://files.test';
    renderPanel([message(text)]);
    const item = screen.getByTestId('chat-message');
    const links = within(item).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://docs.example.test/a?b=1');
    expect(links[0]).toHaveTextContent('https://docs.example.test/a?b=1');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    // Written out as text: no element was made from the message.
    expect(item.querySelector('b, img')).toBeNull();
    expect(item).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(item).toHaveTextContent('Notes at https://docs.example.test/a?b=1. Not');
  });

  it('sends with Enter, starts a new line with Shift+Enter, and clears the box once sent', async () => {
    const { user, box, onSend } = renderPanel();
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('First line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    await waitFor(() => expect(box).toHaveValue(''));
    // Nothing to send: Enter on an empty box sends nothing.
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('keeps the draft and says why when a message could not be sent', async () => {
    const onSend = vi.fn(async () => {
      throw new Error('You’re sending messages too fast. Wait a few seconds, then send it again.');
    });
    const { user, box } = renderPanel([], onSend);
    await user.type(box, 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('sending messages too fast');
    expect(box).toHaveValue('Are you there?');
  });

  it('counts the characters left near the limit', async () => {
    const { user, box } = renderPanel();
    await user.click(box);
    await user.paste('x'.repeat(CHAT_MAX_LENGTH - 300));
    expect(screen.queryByText(/characters left/)).toBeNull();
    await user.paste('y'.repeat(150));
    expect(screen.getByText('150 characters left')).toBeInTheDocument();
  });
});
