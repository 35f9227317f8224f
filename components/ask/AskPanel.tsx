import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import styled from 'styled-components';
import { ASK_QUESTION_MAX } from '@/lib/contract/ask';
import { colors } from '@/lib/palette';
import { AskAnswer } from './AskAnswer';
import { useAskConversation, type AskRefusal } from './useAskConversation';
import { usePassagePreview } from './usePassagePreview';

// The preview drawer (a reader per kind) loads with the first passage opened.
const ContentPreview = lazy(() => import('@/components/contents/preview/ContentPreview').then((m) => ({ default: m.ContentPreview })));

const Box = styled.div`
  display: grid;
  gap: 16px;

  .top {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }

  .intro {
    margin: 0;
    font-size: 14px;
    line-height: 1.6;
    color: ${colors.textSecondary};
  }

  .turns {
    display: grid;
    gap: 22px;
  }

  .composer {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: end;
    gap: 8px;
  }

  .hint {
    margin: -8px 0 0;
    font-size: 12px;
    color: ${colors.textTertiary};
  }
`;

interface AskPanelProps {
  /** What the box starts with (the search page's query). */
  initialQuestion?: string;
  /** Ask one space only. */
  space?: { id: string; name: string };
}

const refusalText = ({ message, retryAfter }: AskRefusal) =>
  retryAfter ? `${message} You can ask again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.` : message;

/**
 * Ask the hub (or one space) in plain words: answers stream in sentence by
 * sentence, each citing numbered passages the asker may open; follow-ups
 * continue the conversation. A question the API refuses goes back into the box.
 */
export function AskPanel({ initialQuestion = '', space }: AskPanelProps) {
  const [input, setInput] = useState(initialQuestion);
  const conversation = useAskConversation({ spaceId: space?.id });
  const preview = usePassagePreview();
  const { turns, refusal, streaming } = conversation;

  const settle = (refused: AskRefusal | null) => {
    if (refused) setInput((now) => now || refused.question);
  };

  const send = () => {
    const question = input.trim();
    if (!question || streaming) return;
    setInput('');
    void conversation.ask(question).then(settle);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is neither.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <Box>
      <div className="top">
        <p className="intro">
          {space ? `Answers come from ${space.name} only` : 'Answers come from the spaces you can open'}, with the passages they rest on.
        </p>
        {turns.length > 0 && (
          <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={conversation.reset}>
            New conversation
          </Button>
        )}
      </div>
      {turns.length > 0 && (
        <section className="turns" aria-label="Conversation" aria-live="polite">
          {turns.map((turn) => (
            <AskAnswer key={turn.key} turn={turn} onOpen={preview.open} onRetry={(t) => void conversation.retry(t).then(settle)} busy={streaming} />
          ))}
        </section>
      )}
      {preview.problem && <Alert type="error" showIcon title={preview.problem} closable onClose={preview.dismiss} />}
      {refusal && (
        <Alert type="error" showIcon role="alert" title={refusalText(refusal)} closable onClose={conversation.dismissRefusal} />
      )}
      <div className="composer">
        <Input.TextArea
          aria-label={turns.length ? 'Ask a follow-up question' : 'Your question'}
          placeholder={turns.length ? 'Ask a follow-up' : space ? `Ask ${space.name} a question` : 'Ask a question about your spaces'}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={ASK_QUESTION_MAX}
          value={input}
          disabled={streaming}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {streaming ? (
          <Button icon={<StopOutlined aria-hidden />} onClick={conversation.stop}>
            Stop
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={send} disabled={!input.trim()}>
            Ask
          </Button>
        )}
      </div>
      <p className="hint">Enter to ask, Shift+Enter for a new line.</p>
      {preview.used && (
        <Suspense fallback={null}>
          <ContentPreview item={preview.opened?.item ?? null} focus={preview.opened?.focus ?? null} onClose={preview.close} />
        </Suspense>
      )}
    </Box>
  );
}
