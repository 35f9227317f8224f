import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Typography } from 'antd';
import { CheckOutlined, CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { colors } from '@/lib/palette';

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px 24px;
  margin: 16px 0;
  padding: 16px 20px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.bgSubtle};
  list-style: none;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 15px;
  letter-spacing: 0.04em;
  color: ${colors.heading};
`;

const asText = (codes: string[]) =>
  `Convene recovery codes\n\nEach code signs you in once when you cannot use your authenticator app or passkey.\nKeep them somewhere safe.\n\n${codes.join('\n')}\n`;

/**
 * New recovery codes, shown this once (only their hashes are kept): copy or
 * download them, then confirm they are saved.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes?.join('\n') ?? '');
      setCopied(true);
    } catch {
      // Without clipboard access the codes are still selectable on screen.
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(codes ?? [])], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'convene-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
    setSaved(true);
  };

  const done = () => {
    setSaved(false);
    setCopied(null);
    onClose();
  };

  return (
    <Modal
      open={codes !== null}
      title="Save your recovery codes"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={<Button type="primary" disabled={!saved} onClick={done}>Done</Button>}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="You will not see these codes again."
        description="If you lose your phone or security key, a recovery code is how you get back in. Each works once."
      />
      <Codes aria-label="Recovery codes">
        {codes?.map((code) => <li key={code}>{code}</li>)}
      </Codes>
      <Space wrap>
        <Button icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>Download .txt</Button>
      </Space>
      {copied === false && (
        <Typography.Paragraph type="warning" role="status" style={{ marginTop: 8 }}>
          Copying is not allowed here: select the codes and copy them yourself, or download them.
        </Typography.Paragraph>
      )}
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ marginTop: 16, display: 'flex' }}>
        I have saved my recovery codes somewhere safe
      </Checkbox>
    </Modal>
  );
}
