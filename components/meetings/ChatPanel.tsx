import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import styled from 'styled-components';
import { CHAT_MAX_LENGTH, type ChatMessage } from '@/lib/contract/meetings';
import { colors } from '@/lib/palette';

/** The counter shows once this few characters are left. */
const COUNT_FROM = 200;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  height: 100%;
  min-height: 0;
`;

const Log = styled.ol`
  flex: 1;
  min-height: 0;
  margin: 0;
  padding: 0 4px 0 0;
  overflow-y: auto;
  list-style: none;

  li + li {
    margin-top: 14px;
  }

  .from {
    display: flex;
    align-items: baseline;
    gap: 8px;
    font-size: 13px;
    color: ${colors.stageTextSecondary};

    strong {
      font-weight: 600;
      color: ${colors.white};
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
  }

  .text {
    margin: 2px 0 0;
    font-size: 14px;
    line-height: 1.5;
    color: ${colors.stageText};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  a {
    color: ${colors.primaryLight};
    text-decoration: underline;
  }
`;

const Quiet = styled.p`
  margin: auto 0;
  font-size: 14px;
  text-align: center;
  color: ${colors.stageTextSecondary};
`;

const Composer = styled.form`
  display: flex;
  align-items: flex-end;
  gap: 8px;

  textarea {
    flex: 1;
  }
`;

const Count = styled.div`
  margin-top: -6px;
  font-size: 12px;
  text-align: right;
  color: ${colors.stageTextSecondary};
`;

/** Addresses to make clickable; anything else stays text. */
const LINK = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends a sentence rather than the address ("see https://x.test."). */
const TRAILING = /[.,;:!?'")\]]+$/;

/** The message's text with its http(s) addresses as links: React text and elements, never HTML. */
export function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    let url: URL | null = null;
    try {
      url = new URL(address);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url.href} target="_blank" rel="noopener noreferrer">
        {address}
      </a>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

interface ChatPanelProps {
  messages: ChatMessage[];
  selfPeerId: string | null;
  /** Kept by the room, so closing the panel or switching to People keeps what was typed. */
  draft: string;
  onDraftChange(draft: string): void;
  /** Settles when the message went out; its error says why not. */
  onSend(text: string): Promise<void>;
}

/** The meeting's chat: messages as they arrive, and a box to write one (Enter sends, Shift+Enter starts a new line). */
export function ChatPanel({ messages, selfPeerId, draft, onDraftChange, onSend }: ChatPanelProps) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);
  const left = CHAT_MAX_LENGTH - draft.length;

  // The newest message comes into view as it arrives.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setProblem(null);
    try {
      await onSend(text);
      onDraftChange('');
    } catch (error) {
      // The draft stays, to be sent again.
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Box>
      {messages.length === 0 ? (
        <Quiet>Messages here are seen by everyone in the meeting.</Quiet>
      ) : (
        <Log ref={log} aria-label="Chat messages" aria-live="polite">
          {messages.map((message) => (
            <li key={message.id} data-testid="chat-message">
              <div className="from">
                <strong>{message.peer_id !== null && message.peer_id === selfPeerId ? 'You' : message.user.name}</strong>
                <time dateTime={message.sent_at}>{timeOf(message.sent_at)}</time>
              </div>
              <p className="text">{withLinks(message.text)}</p>
            </li>
          ))}
        </Log>
      )}
      {problem && <Alert type="warning" showIcon title={problem} role="alert" />}
      <Composer
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Input.TextArea
          aria-label="Message"
          placeholder="Send a message to everyone"
          value={draft}
          maxLength={CHAT_MAX_LENGTH}
          autoSize={{ minRows: 1, maxRows: 5 }}
          onChange={(event) => {
            onDraftChange(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          htmlType="submit"
          type="primary"
          shape="circle"
          aria-label="Send message"
          icon={<SendOutlined />}
          loading={sending}
          disabled={!draft.trim()}
        />
      </Composer>
      {left <= COUNT_FROM && <Count aria-live="polite">{left === 1 ? '1 character left' : `${left} characters left`}</Count>}
    </Box>
  );
}
