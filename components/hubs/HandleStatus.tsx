import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { HandleAvailability } from './useHandleAvailability';

/** The live line under the handle field; read out by screen readers as it changes. */
export function HandleStatus({ availability }: { availability: HandleAvailability }) {
  return (
    <span aria-live="polite" data-testid="handle-status">
      {availability.state === 'checking' && (
        <Typography.Text type="secondary">
          <LoadingOutlined /> Checking {availability.handle}…
        </Typography.Text>
      )}
      {availability.state === 'available' && (
        <Typography.Text type="success">
          <CheckCircleFilled /> {availability.handle} is available
        </Typography.Text>
      )}
      {availability.state === 'unavailable' && (
        <Typography.Text type="danger">
          <CloseCircleFilled /> {availability.reason}
        </Typography.Text>
      )}
    </span>
  );
}
