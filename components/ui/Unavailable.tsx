import type { ComponentType, CSSProperties } from 'react';
import Link from 'next/link';
import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { theme } from '@/lib/constants';

interface UnavailableProps {
  title: string;
  text: string;
  /** Offered for failures that may pass (network, server). */
  retry?: () => void;
  back: { href: string; label: string };
  /** What the page was about (an icon component); a space by default. */
  Icon?: ComponentType<{ style?: CSSProperties }>;
}

/** What a page says instead of a blank screen when the thing it shows cannot be shown. */
export function Unavailable({ title, text, retry, back, Icon = AppstoreOutlined }: UnavailableProps) {
  return (
    <Result
      // An icon rather than the 404 illustration, which is wider than a phone's main column.
      icon={<Icon style={{ color: theme.primaryColor }} />}
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{title}</h1>}
      subTitle={text}
      extra={[
        retry && (
          <Button key="retry" onClick={retry}>
            Try again
          </Button>
        ),
        <Link key="back" href={back.href}>
          {back.label}
        </Link>,
      ]}
    />
  );
}
