import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { AntdProvider } from './AntdProvider';

interface ErrorPageProps {
  status: NonNullable<ResultProps['status']>;
  title: string;
  description: string;
}

/** A friendly error screen with a way home (used by 404 and 500). */
export function ErrorPage({ status, title, description }: ErrorPageProps) {
  return (
    <AntdProvider>
        <Result
        status={status}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
        subTitle={description}
        extra={
          // A full page load: after an error a fresh start is the safer way home.
          <Button type="primary" href="/">
            Go to the home page
          </Button>
        }
        />
    </AntdProvider>
  );
}
