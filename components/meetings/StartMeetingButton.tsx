import { useState } from 'react';
import { useRouter } from 'next/router';
import { VideoCameraAddOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps } from 'antd';
import { errorMessage } from '@/client/http/clients';
import { meetingsApi } from '@/client/http/meetings-api';

interface StartMeetingButtonProps {
  /** Ties the meeting to a space: only people who may read it can join. */
  spaceId?: string;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
}

/** Starts a meeting in the active hub (or one space of it) and opens it. */
export function StartMeetingButton({ spaceId, type = 'primary', size }: StartMeetingButtonProps) {
  const router = useRouter();
  const { message } = App.useApp();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      const { data } = await meetingsApi.create(spaceId ? { space_id: spaceId } : {});
      await router.push(`/meet/${data.code}`);
    } catch (error) {
      void message.error(errorMessage(error));
      setStarting(false);
    }
  };

  return (
    <Button type={type} size={size} icon={<VideoCameraAddOutlined />} loading={starting} onClick={() => void start()}>
      Start a meeting
    </Button>
  );
}
