import { Button, Result } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

/** After leaving: a way back in, and a way back to the hub. */
export function MeetingEnded({ onRejoin, onBack }: { onRejoin(): void; onBack(): void }) {
  return (
    <Result
      icon={<VideoCameraOutlined style={{ color: theme.primaryColor }} />}
      title={<h1 style={{ margin: 0, fontSize: 22, color: colors.white }}>You left the meeting</h1>}
      extra={[
        <Button key="rejoin" type="primary" onClick={onRejoin}>
          Rejoin
        </Button>,
        <Button key="back" onClick={onBack}>
          Back to hub
        </Button>,
      ]}
    />
  );
}
