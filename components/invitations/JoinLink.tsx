import { useState } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';
import { hubJoinPath } from '@/lib/contract/hubs';

/** The public hub's shareable join link, with a copy button. */
export function JoinLink({ handle }: { handle: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const link = typeof window === 'undefined' ? hubJoinPath(handle) : `${window.location.origin}${hubJoinPath(handle)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without clipboard access (insecure origin, denied permission) the field is selectable instead.
      setCopied(false);
    }
  };

  return (
    <section aria-label="Join link">
      <Typography.Title level={3} style={{ fontSize: 15, margin: '24px 0 4px' }}>
        Join link
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Anyone signed in with this link can join as a viewer while the hub is public.
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={link} aria-label="Join link" onFocus={(e) => e.target.select()} />
        <Button icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </Space.Compact>
      {copied === false && (
        <Typography.Text type="warning" role="status">
          Copying is not allowed here; select the link and copy it yourself.
        </Typography.Text>
      )}
    </section>
  );
}
