import { useState } from 'react';
import { Alert, App, Button, Typography } from 'antd';
import type { Space } from '@/lib/contract/spaces';
import { errorMessage } from '@/client/http/clients';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { Panel } from '@/components/ui/Panel';
import { isPlanLimit } from '@/components/billing/planLimit';
import { PlanLimitAlert } from '@/components/billing/PlanLimitAlert';

/** Archives or restores `space` (whichever it needs), says what happened, and keeps a refusal to show. */
function useArchiveToggle(space: Space, onChange: (space: Space) => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; planLimit: boolean } | null>(null);

  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const archived = Boolean(space.archived_at);
      const { data } = archived ? await spacesApi.restore(space.id) : await spacesApi.archive(space.id);
      void message.success(archived ? `${space.name} is restored.` : `${space.name} is archived.`);
      onChange(data);
      // Archived spaces do not count against the plan.
      void useAuthStore.getState().loadUser().catch(() => undefined);
    } catch (e) {
      setProblem({ text: errorMessage(e), planLimit: isPlanLimit(e) });
    } finally {
      setBusy(false);
    }
  };

  const refusal = problem?.planLimit ? (
    <PlanLimitAlert message={problem.text} />
  ) : (
    problem && <Alert type="error" showIcon title={problem.text} style={{ marginBottom: 16 }} />
  );
  return { busy, run, refusal };
}

/** Restores an archived space; shown to those whose abilities allow restoring it. */
export function RestoreSpaceButton({ space, onRestored }: { space: Space; onRestored(space: Space): void }) {
  const { busy, run, refusal } = useArchiveToggle(space, onRestored);
  return (
    <div style={{ display: 'grid', justifyItems: 'start', gap: 8 }}>
      {refusal}
      <Button type="primary" loading={busy} disabled={busy} onClick={run} aria-label={`Restore ${space.name}`}>
        Restore
      </Button>
    </div>
  );
}

/** Archives a space after a confirmation; owners only. Restoring is offered where an archived space shows. */
export function SpaceArchive({ space, onChange }: { space: Space; onChange(space: Space): void }) {
  const { modal } = App.useApp();
  const { busy, run, refusal } = useArchiveToggle(space, onChange);

  const confirmArchive = () =>
    modal.confirm({
      title: `Archive ${space.name}?`,
      content: 'The space leaves the hub’s lists and searches. Nothing in it is deleted, and an owner can restore it from Archived spaces.',
      okText: 'Archive space',
      okButtonProps: { danger: true },
      onOk: run,
    });

  return (
    <Panel title="Archive">
      {refusal}
      <Typography.Paragraph type="secondary">
        Archiving hides the space from lists and searches but keeps everything in it.
      </Typography.Paragraph>
      <Button danger loading={busy} disabled={busy} onClick={confirmArchive}>
        Archive space
      </Button>
    </Panel>
  );
}
