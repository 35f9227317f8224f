import { useState } from 'react';
import { useRouter } from 'next/router';
import { App, Button, Form, Modal } from 'antd';
import styled from 'styled-components';
import type { CreateSpaceBody, Space } from '@/lib/contract/spaces';
import { errorMessage } from '@/client/http/clients';
import { spacesApi } from '@/client/http/spaces-api';
import { useAuthStore } from '@/store/auth';
import { useSidebarSpaces } from '@/components/layout/sidebarSpaces';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { isPlanLimit } from '@/components/billing/planLimit';
import { PlanLimitAlert } from '@/components/billing/PlanLimitAlert';
import { rememberOpenedSpace } from './openedSpace';
import { SpaceFields } from './SpaceFields';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 8px;
`;

interface CreateSpaceModalProps {
  open: boolean;
  onClose(): void;
  onCreated(space: Space): void;
}

/** "New space": name, description and visibility; the new space opens once it is created. */
export function CreateSpaceModal({ open, onClose, onCreated }: CreateSpaceModalProps) {
  const router = useRouter();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateSpaceBody>();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const { submitting, error, setError, onFinish } = useSubmit(form, async (values) => {
    setPlanLimit(null);
    try {
      const { data } = await spacesApi.create(values);
      onCreated(data);
      void message.success(`${data.name} is ready.`);
      // The side bar lists it, the plan's usage counts it, and its page draws at once from this copy.
      useSidebarSpaces.getState().reload();
      void useAuthStore.getState().loadUser().catch(() => undefined);
      const userId = useAuthStore.getState().user?.id;
      if (userId) rememberOpenedSpace(userId, data);
      await router.push(`/spaces/${encodeURIComponent(data.id)}`);
    } catch (e) {
      if (!isPlanLimit(e)) throw e;
      setPlanLimit(errorMessage(e));
    }
  });

  const close = () => {
    if (submitting) return;
    setError(null);
    setPlanLimit(null);
    onClose();
  };

  return (
    <Modal open={open} title="New space" onCancel={close} footer={null} destroyOnHidden mask={{ closable: !submitting }}>
      <PlanLimitAlert message={planLimit} />
      <FormError message={error} />
      <VerticalForm<CreateSpaceBody>
        form={form}
        name="create-space"
        onFinish={onFinish}
        initialValues={{ visibility: 'public' }}
        size="middle"
      >
        <SpaceFields idPrefix="new-space-visibility" />
        <Actions>
          <Button onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <SubmitButton submitting={submitting} block={false} size="middle">
            Create space
          </SubmitButton>
        </Actions>
      </VerticalForm>
    </Modal>
  );
}
