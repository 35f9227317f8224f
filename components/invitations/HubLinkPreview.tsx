import { useState } from 'react';
import { useRouter } from 'next/router';
import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { errorMessage } from '@/client/http/clients';
import { hubApi } from '@/client/http/hubs-api';
import { hubAdminApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { Unavailable } from '@/components/ui/Unavailable';
import { useLoad } from '@/components/ui/useLoad';
import { memberCount } from '@/components/common/memberCount';
import { HubPreviewCard } from './HubPreviewCard';

/** The page a public hub's shareable link opens: the hub, and "Join <hub>" in one click. */
export function HubLinkPreview({ handle }: { handle: string }) {
  const router = useRouter();
  const { load, retry } = useLoad(handle, async (h) => (await hubAdminApi.preview(h)).data);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const back = { href: '/join-hub', label: 'See the hubs you can join' };

  if (load.state === 'loading') return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (load.state === 'missing' || load.state === 'forbidden') {
    return (
      <Unavailable
        title="This join link does not work"
        text="The hub does not exist, or it only takes people its members invite."
        back={back}
        Icon={LinkOutlined}
      />
    );
  }
  if (load.state === 'failed') {
    return (
      <Unavailable title="We could not open this hub" text={load.message} retry={retry} back={back} Icon={LinkOutlined} />
    );
  }

  const hub = load.value;
  // Joining and opening both end in the hub home, with the hub active.
  const enter = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (hub.is_member) useAuthStore.getState().setUser((await hubApi.switchTo(hub.domain_handle)).data);
      else {
        await hubApi.join(hub.domain_handle);
        await useAuthStore.getState().loadUser();
      }
      await router.replace('/');
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <HubPreviewCard
      eyebrow="Join link"
      title={hub.is_member ? `You are in ${hub.name}` : `Join ${hub.name} on Convene`}
      hub={hub}
      meta={memberCount(hub.member_count)}
      details={
        hub.is_member
          ? 'You are already a member of this hub.'
          : 'This hub is public: anyone with the link can join as a viewer.'
      }
    >
      {problem && <Alert type="error" showIcon title={problem} />}
      <Button type="primary" size="large" block loading={busy} disabled={busy} onClick={enter}>
        {hub.is_member ? `Open ${hub.name}` : `Join ${hub.name}`}
      </Button>
    </HubPreviewCard>
  );
}
