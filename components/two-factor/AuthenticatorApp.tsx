import { useEffect, useState } from 'react';
import { Alert, Button, Form, Image, Typography } from 'antd';
import QRCode from 'qrcode';
import styled from 'styled-components';
import { enableTotpBody, type EnableTotpBody, type TotpSetup, type TwoFactorStatus } from '@/lib/contract/two-factor';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { twoFactorApi } from '@/client/http/two-factor-api';
import { formatWhen } from '@/components/common/format';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { CodeInput } from './TwoFactorStep';
import type { TwoFactorChange } from './change';
import type { useProof } from './useProof';

const codeRules = [zodRule(enableTotpBody.shape.code)];

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Setup = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  margin-top: 16px;

  @media (min-width: 576px) {
    grid-template-columns: auto minmax(0, 1fr);
  }

  .ant-image-img {
    border: 1px solid ${colors.border};
    border-radius: 10px;
  }
`;

/** The secret as people type it: groups of four. */
const groupsOfFour = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The otpauth:// address as a QR code image (SVG in a data: address, which the CSP allows for images). */
function useQrImage(uri: string | null) {
  const [image, setImage] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    if (!uri) return;
    let live = true;
    void QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setImage({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return image?.uri === uri ? image.src : null;
}

interface AuthenticatorAppProps {
  status: TwoFactorStatus;
  proof: ReturnType<typeof useProof>;
  /** The app was turned on (with its recovery codes and the sessions that predate it) or off. */
  onChanged: (change?: TwoFactorChange) => Promise<void>;
}

/** Adding, or turning off, an authenticator app (Google Authenticator, 1Password, Authy…). */
export function AuthenticatorApp({ status, proof, onChanged }: AuthenticatorAppProps) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [form] = Form.useForm<EnableTotpBody>();
  const qr = useQrImage(setup?.uri ?? null);
  const { submitting, error, onFinish } = useSubmit(form, async ({ code }) => {
    const { data } = await twoFactorApi.enableTotp(code);
    setSetup(null);
    await onChanged({ recoveryCodes: data.recovery_codes, otherSessions: data.other_sessions });
  });
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => proof.ask({
    title: 'Set up an authenticator app',
    confirmLabel: 'Continue',
    action: async (given) => {
      setProblem(null);
      const { data } = await twoFactorApi.setupTotp(given);
      form.resetFields();
      setSetup(data);
    },
  });

  const turnOff = () => proof.ask({
    title: 'Turn off the authenticator app?',
    description: status.passkeys.length > 0
      ? 'Your passkeys will still protect your sign-in.'
      : 'Signing in will need only your password again, and your recovery codes will stop working.',
    confirmLabel: 'Turn off',
    danger: true,
    action: async (given) => {
      await twoFactorApi.disableTotp(given);
      await onChanged().catch((e: unknown) => setProblem(errorMessage(e)));
    },
  });

  if (status.totp.enabled) {
    return (
      <Row>
        <div>
          <Typography.Text strong>Authenticator app</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            On{status.totp.enabled_at ? ` since ${formatWhen(status.totp.enabled_at)}` : ''}. Signing in asks for the code it shows.
          </Typography.Paragraph>
        </div>
        <Button danger onClick={turnOff}>Turn off</Button>
        {problem && <Alert type="error" showIcon title={problem} />}
      </Row>
    );
  }

  return (
    <div>
      <Row>
        <div>
          <Typography.Text strong>Authenticator app</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Off. Use an app on your phone to get a sign-in code every 30 seconds.
          </Typography.Paragraph>
        </div>
        {!setup && <Button type="primary" onClick={start}>Set up</Button>}
      </Row>
      {setup && (
        <Setup aria-label="Authenticator app set-up">
          {qr
            ? <Image src={qr} alt="QR code to scan with your authenticator app" preview={false} width={176} height={176} />
            : <div aria-busy="true" style={{ width: 176, height: 176 }} />}
          <div>
            <Typography.Paragraph style={{ marginTop: 0 }}>
              1. Scan the QR code with your authenticator app, or enter this key by hand:
            </Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text code copyable={{ text: setup.secret }} aria-label="Setup key">
                {groupsOfFour(setup.secret)}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph>2. Enter the 6-digit code the app shows.</Typography.Paragraph>
            <FormError message={error} />
            <VerticalForm<EnableTotpBody> form={form} name="enable-totp" size="middle" onFinish={onFinish}>
              <Form.Item label="Code from the app" name="code" rules={codeRules}>
                <CodeInput inputMode="numeric" autoComplete="one-time-code" maxLength={7} pattern="[0-9 ]*" placeholder="123456" />
              </Form.Item>
              <Row>
                <SubmitButton submitting={submitting} block={false} size="middle">Turn on</SubmitButton>
                <Button onClick={() => setSetup(null)} disabled={submitting}>Cancel</Button>
              </Row>
            </VerticalForm>
          </div>
        </Setup>
      )}
    </div>
  );
}
