import { useState } from 'react';
import { Alert, App, Button, Typography } from 'antd';
import type { Space } from '@/lib/contract/spaces';
import { errorMessage } from '@/client/http/clients';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { Panel } from '@/components/ui/Panel';
import { isPlanLimit } from '@/components/billing/planLimit';
import { PlanLimitAlert } from '@/components/billing/PlanLimitAlert';

/** Archive (after a confirmation) or restore a space; owners only. */
export function SpaceArchive({ space, onChange }: { space: Space; onChange(space: Space): void }) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; planLimit: boolean } | null>(null);
  const archived = Boolean(space.archived_at);

  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { data } = archived ? await spacesApi.restore(space.id) : await spacesApi.archive(space.id);
      onChange(data);
      void message.success(archived ? `${space.name} is restored.` : `${space.name} is archived.`);
      // Archived spaces do not count against the plan.
      void useAuthStore.getState().loadUser().catch(() => undefined);
    } catch (e) {
      setProblem({ text: errorMessage(e), planLimit: isPlanLimit(e) });
    } finally {
      setBusy(false);
    }
  };

  const confirmArchive = () =>
    modal.confirm({
      title: `Archive ${space.name}?`,
      content: 'The space leaves the hub’s lists and searches. Nothing in it is deleted, and an owner can restore it.',
      okText: 'Archive space',
      okButtonProps: { danger: true },
      onOk: run,
    });

  return (
    <Panel title={archived ? 'Restore' : 'Archive'}>
      {problem?.planLimit ? (
        <PlanLimitAlert message={problem.text} />
      ) : (
        problem && <Alert type="error" showIcon title={problem.text} style={{ marginBottom: 16 }} />
      )}
      <Typography.Paragraph type="secondary">
        {archived
          ? 'Restoring brings the space back into the hub’s lists for everyone who may see it.'
          : 'Archiving hides the space from lists and searches but keeps everything in it.'}
      </Typography.Paragraph>
      {archived ? (
        <Button type="primary" loading={busy} disabled={busy} onClick={run}>
          Restore space
        </Button>
      ) : (
        <Button danger loading={busy} disabled={busy} onClick={confirmArchive}>
          Archive space
        </Button>
      )}
    </Panel>
  );
}
