import Link from 'next/link';
import { AppstoreOutlined, CompassOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { NOT_FOUND_ANSWER, type AskSource } from '@/lib/contract/ask';
import { contentKindLabels } from '@/lib/contract/contents';
import { colors } from '@/lib/palette';
import { CUT_OFF } from '@/client/http/ask-api';
import { MetaLine } from '@/components/contents/MetaLine';
import { AskFeedback } from './AskFeedback';
import type { AskTurn } from './useAskConversation';

const Turn = styled.article`
  display: grid;
  gap: 10px;

  .question {
    justify-self: end;
    max-width: 85%;
    margin: 0;
    padding: 8px 14px;
    border-radius: 14px 14px 4px 14px;
    font-size: 14px;
    line-height: 1.5;
    color: ${colors.heading};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    background: ${colors.primaryBg};
  }

  .answer {
    margin: 0;
    font-size: 15px;
    line-height: 1.7;
    color: ${colors.textStrong};
  }

  .waiting {
    font-size: 13px;
    color: ${colors.textSecondary};
  }
`;

const Cite = styled.button`
  margin: 0 1px;
  padding: 0 4px;
  border: 0;
  border-radius: 4px;
  font: inherit;
  font-size: 11px;
  line-height: 1.4;
  color: ${colors.primaryText};
  background: ${colors.primaryBg};
  cursor: pointer;

  &:hover,
  &:focus-visible {
    color: ${colors.white};
    background: ${theme.primaryColor};
  }
`;

const Sources = styled.ol`
  display: grid;
  gap: 8px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 10px;
    padding: 10px 12px;
    border: 1px solid ${colors.border};
    border-radius: 10px;
    background: ${colors.white};
  }

  .n {
    font-size: 12px;
    font-weight: 600;
    color: ${colors.primaryText};
  }

  .name {
    padding: 0;
    border: 0;
    font: inherit;
    font-size: 14px;
    font-weight: 600;
    color: ${colors.heading};
    text-align: left;
    overflow-wrap: anywhere;
    background: none;
    cursor: pointer;
  }

  .name:hover,
  .name:focus-visible {
    color: ${theme.primaryColor};
  }

  .excerpt {
    display: -webkit-box;
    margin: 4px 0 0;
    overflow: hidden;
    font-size: 13px;
    line-height: 1.5;
    color: ${colors.textSoft};
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
  }
`;

const NotFound = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 12px;
  padding: 14px 16px;
  border: 1px dashed ${colors.borderStrong};
  border-radius: 12px;
  background: ${colors.bgSubtle};

  .anticon {
    margin-top: 3px;
    font-size: 18px;
    color: ${colors.textTertiary};
  }

  p {
    margin: 0;
    font-size: 14px;
    line-height: 1.6;
    color: ${colors.textSoft};
  }

  p:first-child {
    font-weight: 600;
    color: ${colors.text};
  }
`;

interface AskAnswerProps {
  turn: AskTurn;
  /** Opens the item of a source at its passage. */
  onOpen(source: AskSource): void;
  onRetry(turn: AskTurn): void;
  /** Whether another answer is streaming (a retry waits for it). */
  busy: boolean;
}

/** One question of the conversation and its answer: cited sentences, then the numbered sources. */
export function AskAnswer({ turn, onOpen, onRetry, busy }: AskAnswerProps) {
  const sourceOf = (n: number) => turn.sources.find((s) => s.n === n);
  const notFound = turn.answered === false || turn.sentences.some((s) => s.text === NOT_FOUND_ANSWER);
  const retry = (
    <Button size="small" onClick={() => onRetry(turn)} disabled={busy}>
      Retry
    </Button>
  );

  return (
    <Turn aria-label={turn.question} aria-busy={turn.state === 'streaming'}>
      <p className="question">{turn.question}</p>
      {notFound ? (
        <NotFound role="status">
          <CompassOutlined aria-hidden />
          <div>
            <p>{NOT_FOUND_ANSWER}</p>
            <p>
              Try asking in other words, or <Link href={`/search?q=${encodeURIComponent(turn.question)}`}>search for it instead</Link>.
            </p>
          </div>
        </NotFound>
      ) : (
        turn.sentences.length > 0 && (
          <p className="answer">
            {turn.sentences.map((sentence, i) => (
              <span key={i}>
                {sentence.text}
                {sentence.citations.map((n) => {
                  const source = sourceOf(n);
                  return (
                    <sup key={n}>
                      <Cite
                        type="button"
                        aria-label={source ? `Source ${n}: ${source.content.name}` : `Source ${n}`}
                        disabled={!source}
                        onClick={() => source && onOpen(source)}
                      >
                        {n}
                      </Cite>
                    </sup>
                  );
                })}{' '}
              </span>
            ))}
          </p>
        )
      )}
      {turn.state === 'streaming' && (
        <span className="waiting" role="status">
          <LoadingOutlined aria-hidden /> {turn.sentences.length ? 'Writing…' : 'Looking through your spaces…'}
        </span>
      )}
      {turn.state === 'stopped' && <Alert type="info" showIcon title="You stopped this answer." action={retry} />}
      {turn.state === 'cut' && <Alert type="warning" showIcon title={`${CUT_OFF} ${turn.problem ?? ''}`} action={retry} />}
      {turn.state === 'failed' && <Alert type="error" showIcon title={`We could not answer this. ${turn.problem ?? ''}`} action={retry} />}
      {!notFound && turn.sources.length > 0 && (
        <Sources aria-label="Sources">
          {turn.sources.map((source) => (
            <li key={source.n}>
              <span className="n" aria-hidden>
                {source.n}
              </span>
              <div style={{ minWidth: 0 }}>
                <button type="button" className="name" onClick={() => onOpen(source)}>
                  {source.content.name}
                </button>
                <MetaLine>
                  <span>{contentKindLabels[source.content.kind]}</span>
                  <span>
                    <AppstoreOutlined aria-hidden /> {source.space.name}
                  </span>
                  {source.passage.label && <span>{source.passage.label}</span>}
                </MetaLine>
                <p className="excerpt">{source.excerpt}</p>
              </div>
            </li>
          ))}
        </Sources>
      )}
      {turn.state === 'done' && turn.questionId && <AskFeedback questionId={turn.questionId} />}
    </Turn>
  );
}
