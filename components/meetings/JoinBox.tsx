import { useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import styled from 'styled-components';
import { breakpoints, statusColors, video } from '@/lib/constants';
import { parseMeetingCode } from '@/lib/meetings/meeting-code';
import { colors } from '@/lib/palette';

const JOIN_INPUT_LABEL = 'Meeting code or link';
const INVALID_CODE_MESSAGE = 'Enter a meeting code like abc-defg-hij or paste a meeting link';

const Box = styled.form`
  width: 100%;
  max-width: ${video.joinBoxWidth}px;
  margin: 0 auto;
  padding: 16px;
  border: 1px solid ${colors.border};
  border-radius: 12px;
  background: ${colors.white};
  box-shadow: 0 8px 24px rgba(22, 22, 29, 0.06);

  /* A phone stacks the field over a full-width button: side by side they need more than its screen. */
  .row {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }

  @media (min-width: ${breakpoints.sm}px) {
    padding: 24px;

    .row {
      flex-direction: row;
    }
  }

  .problem {
    margin: 8px 0 0;
    font-size: 13px;
    color: ${statusColors.error};
  }
`;

/** One field for a meeting code or a pasted link, and one button. */
export function JoinBox({ onJoin }: { onJoin(code: string): void }) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = parseMeetingCode(value);
    if (!code) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onJoin(code);
  };

  return (
    <Box onSubmit={submit} noValidate>
      <div className="row">
        <Input
          size="large"
          aria-label={JOIN_INPUT_LABEL}
          placeholder="abc-defg-hij or a meeting link"
          value={value}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'join-box-problem' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            if (invalid) setInvalid(false);
          }}
        />
        <Button size="large" type="primary" htmlType="submit">
          Join
        </Button>
      </div>
      {invalid && (
        <p id="join-box-problem" className="problem" role="alert">
          {INVALID_CODE_MESSAGE}
        </p>
      )}
    </Box>
  );
}
