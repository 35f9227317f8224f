import { useState } from 'react';
import { useRouter } from 'next/router';
import { Alert, App, Button, Popconfirm } from 'antd';
import type { MyHub } from '@/lib/contract/hubs';
import { errorMessage } from '@/client/http/clients';
import { memberApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { Panel } from '@/components/ui/Panel';
import { landingPathFor } from '@/components/onboarding/landingPath';
import { MemberList } from './MemberList';

/** The hub's members (owners change roles and remove people) and the way out of the hub. */
export function HubMembers({ hub, version }: { hub: MyHub; version: number }) {
  const router = useRouter();
  const { message } = App.useApp();
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const handle = hub.domain_handle;

  const leave = async () => {
    setLeaving(true);
    setProblem(null);
    try {
      const { data } = await memberApi.leave(handle);
      useAuthStore.getState().setUser(data);
      void message.success(`You left ${hub.name}.`);
      await router.replace(landingPathFor(data));
    } catch (e) {
      setProblem(errorMessage(e));
      setLeaving(false);
    }
  };

  return (
    <Panel
      title="Members"
      aside={
        <Popconfirm
          title={`Leave ${hub.name}?`}
          description="You lose access to its spaces. You need a new invitation or the join link to come back."
          okText="Leave hub"
          okButtonProps={{ danger: true }}
          onConfirm={leave}
        >
          <Button size="small" loading={leaving} disabled={leaving}>
            Leave hub
          </Button>
        </Popconfirm>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} closable style={{ marginBottom: 12 }} />}
      <MemberList
        scope={handle}
        version={version}
        placeName={hub.name}
        fetchPage={(page, search) => memberApi.list(handle, page, search ? { search } : {})}
        changeRole={(member, role) => memberApi.updateRole(handle, member.user_id, { role })}
        remove={(member) => memberApi.remove(handle, member.user_id)}
      />
    </Panel>
  );
}
