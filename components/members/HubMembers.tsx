import { useState } from 'react';
import { useRouter } from 'next/router';
import { Alert, App, Button } from 'antd';
import type { MyHub } from '@/lib/contract/hubs';
import { errorMessage } from '@/client/http/clients';
import { memberApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { Panel } from '@/components/ui/Panel';
import { landingPathFor } from '@/lib/onboarding/guard';
import { MemberList } from './MemberList';
import { isOnlyOwner, onlyOwnerLeaving } from './onlyOwner';

/** What an owner of the hub may do, told before anyone is made one. */
const HUB_OWNER_POWERS =
  'Owners of the hub can change anyone’s role, remove members, change the hub’s settings and sign-in rules, transfer it and archive it.';

/** The hub's members (owners change roles and remove people) and the way out of the hub. */
export function HubMembers({ hub, version }: { hub: MyHub; version: number }) {
  const router = useRouter();
  const { message, modal } = App.useApp();
  const me = useAuthStore((s) => s.user);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<{ text: string; warning?: boolean } | null>(null);
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
      setProblem({ text: errorMessage(e) });
      setLeaving(false);
    }
  };

  // The only owner is told at once why they cannot leave, rather than asked first and refused after.
  const askToLeave = async () => {
    setLeaving(true);
    setProblem(null);
    const alone =
      me !== null &&
      hub.role === 'owner' &&
      (await isOnlyOwner((page, search) => memberApi.list(handle, page, { search }), me).catch(() => false));
    setLeaving(false);
    if (alone) {
      setProblem({ text: onlyOwnerLeaving(hub.name), warning: true });
      return;
    }
    modal.confirm({
      title: `Leave ${hub.name}?`,
      content: 'You lose access to its spaces. You need a new invitation or the join link to come back.',
      okText: 'Leave hub',
      okButtonProps: { danger: true },
      onOk: leave,
    });
  };

  return (
    <Panel
      title="Members"
      aside={
        <Button size="small" loading={leaving} disabled={leaving} onClick={askToLeave}>
          Leave hub
        </Button>
      }
    >
      {problem && (
        <Alert
          type={problem.warning ? 'warning' : 'error'}
          showIcon
          title={problem.text}
          closable
          onClose={() => setProblem(null)}
          style={{ marginBottom: 12 }}
        />
      )}
      <MemberList
        scope={handle}
        version={version}
        placeName={hub.name}
        canManage={hub.abilities.manage_members}
        ownerPowers={HUB_OWNER_POWERS}
        fetchPage={(page, search) => memberApi.list(handle, page, search ? { search } : {})}
        changeRole={(member, role) => memberApi.updateRole(handle, member.user_id, { role })}
        remove={(member) => memberApi.remove(handle, member.user_id)}
        // One's own hub role may have changed: the app's abilities come with the user view.
        onChanged={() => void useAuthStore.getState().loadUser().catch(() => undefined)}
      />
    </Panel>
  );
}
