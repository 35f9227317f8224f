import Head from 'next/head';
import { useRouter } from 'next/router';
import styled from 'styled-components';
import type { AppPage } from '@/lib/page';
import { colors } from '@/lib/palette';
import { withAppLayout } from '@/components/layout/AppLayout';
import { PageTitle } from '@/components/common/PageTitle';
import { JoinBox } from '@/components/meetings/JoinBox';
import { StartMeetingButton } from '@/components/meetings/StartMeetingButton';

const Centre = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 24px;
  margin-top: 48px;
  text-align: center;

  .or {
    color: ${colors.textSecondary};
  }
`;

/** Join a meeting by its code or link, or start one. */
const MeetPage: AppPage = () => {
  const router = useRouter();
  return (
    <>
      <Head>
        <title>Meetings · Convene</title>
      </Head>
      <Centre>
        <PageTitle>
          <h1>Join a meeting</h1>
          <p>Type the meeting code or paste the link someone shared with you.</p>
        </PageTitle>
        <JoinBox onJoin={(code) => void router.push(`/meet/${code}`)} />
        <span className="or">or</span>
        <StartMeetingButton type="default" size="large" />
      </Centre>
    </>
  );
};

MeetPage.access = 'user';
MeetPage.getLayout = withAppLayout;

export default MeetPage;
