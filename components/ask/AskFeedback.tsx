import { useState } from 'react';
import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import { askApi } from '@/client/http/ask-api';
import { errorMessage } from '@/client/http/clients';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  margin-top: 10px;
  font-size: 13px;
  color: ${colors.textSecondary};

  .problem {
    color: ${colors.errorText};
  }
`;

/**
 * Thumbs up or down for one answer. The choice shows at once and is sent
 * behind it; a failed send puts the previous choice back and offers to retry.
 */
export function AskFeedback({ questionId }: { questionId: string }) {
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [failed, setFailed] = useState<{ wanted: boolean; message: string } | null>(null);

  const rate = (wanted: boolean) => {
    const before = helpful;
    setHelpful(wanted);
    setFailed(null);
    askApi.feedback(questionId, wanted).catch((e: unknown) => {
      setHelpful(before);
      setFailed({ wanted, message: errorMessage(e) });
    });
  };

  return (
    <Row>
      <span>Was this helpful?</span>
      <Button
        size="small"
        type="text"
        aria-label="Helpful"
        aria-pressed={helpful === true}
        icon={helpful === true ? <LikeFilled /> : <LikeOutlined />}
        onClick={() => rate(true)}
      />
      <Button
        size="small"
        type="text"
        aria-label="Not helpful"
        aria-pressed={helpful === false}
        icon={helpful === false ? <DislikeFilled /> : <DislikeOutlined />}
        onClick={() => rate(false)}
      />
      {failed && (
        <span role="alert" className="problem">
          We could not save your rating. {failed.message}{' '}
          <Button size="small" type="link" onClick={() => rate(failed.wanted)}>
            Retry
          </Button>
        </span>
      )}
    </Row>
  );
}
