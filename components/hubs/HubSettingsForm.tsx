import { Alert, App, Form, Input } from 'antd';
import { basicSettings } from '@/lib/basic-settings';
import type { MyHub, UpdateHubBody } from '@/lib/contract/hubs';
import { updateHubBody } from '@/lib/contract/hubs';
import { hubAdminApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { ColourChoices } from './ColourChoices';
import { VisibilityChoices } from '../common/VisibilityChoices';

const rules = {
  name: [zodRule(updateHubBody.shape.name.unwrap())],
  description: [zodRule(updateHubBody.shape.description)],
  visibility: [zodRule(updateHubBody.shape.visibility.unwrap())],
  email_domain: [zodRule(updateHubBody.shape.email_domain)],
};

interface HubValues {
  name: string;
  description: string;
  colour: string;
  visibility: MyHub['visibility'];
  email_domain: string;
}

/**
 * The hub's own settings. Owners change everything; editors only the
 * visibility (design §5: change_visibility); viewers read them.
 */
export function HubSettingsForm({ hub }: { hub: MyHub }) {
  const { message } = App.useApp();
  const settings = useAuthStore((s) => s.settings);
  const [form] = Form.useForm<HubValues>();
  const { update: mayUpdate, change_visibility: mayChangeVisibility } = hub.abilities;

  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    // Editors send the visibility alone: the API refuses any other field from them.
    const body: UpdateHubBody = mayUpdate ? values : { visibility: values.visibility };
    await hubAdminApi.update(hub.domain_handle, body);
    await useAuthStore.getState().loadUser();
    void message.success('Hub settings saved.');
  });

  return (
    <>
      {!mayUpdate && (
        <Alert
          type="info"
          showIcon
          title={
            mayChangeVisibility
              ? 'Only the hub owner can change the name, description, colour and email domain. You can change who may join.'
              : 'Only the hub owner can change these settings.'
          }
          style={{ marginBottom: 20 }}
        />
      )}
      <FormError message={error} />
      <VerticalForm<HubValues>
        form={form}
        name="hub-settings"
        size="middle"
        onFinish={onFinish}
        initialValues={{
          name: hub.name,
          description: hub.description ?? '',
          colour: hub.colour,
          visibility: hub.visibility,
          email_domain: hub.email_domain ?? '',
        }}
      >
        <Form.Item label="Hub name" name="name" rules={rules.name}>
          <Input disabled={!mayUpdate} maxLength={80} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules.description}>
          <Input.TextArea disabled={!mayUpdate} autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
        <Form.Item label="Colour" name="colour">
          <ColourChoices disabled={!mayUpdate} />
        </Form.Item>
        <Form.Item label="Visibility" name="visibility" rules={rules.visibility}>
          <VisibilityChoices
            idPrefix="hub-visibility"
            disabled={!mayChangeVisibility}
            options={settings?.permissions.hub_visibility ?? basicSettings.permissions.hub_visibility}
          />
        </Form.Item>
        <Form.Item
          label="Email domain"
          name="email_domain"
          rules={rules.email_domain}
          extra="Optional. People who sign up with this domain can find and join a public hub."
        >
          <Input disabled={!mayUpdate} prefix="@" placeholder="example.com" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        {mayChangeVisibility && (
          <SubmitButton submitting={submitting} block={false} size="middle">
            Save settings
          </SubmitButton>
        )}
      </VerticalForm>
    </>
  );
}
