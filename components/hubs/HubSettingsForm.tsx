import { Form, Input, App } from 'antd';
import styled from 'styled-components';
import { basicSettings } from '@/lib/basic-settings';
import type { MyHub, UpdateHubBody } from '@/lib/contract/hubs';
import { updateHubBody } from '@/lib/contract/hubs';
import { colors } from '@/lib/palette';
import { hubAdminApi } from '@/client/http/hub-admin-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { ColourChoices, colourName } from '@/components/common/ColourChoices';
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

const Details = styled.dl`
  display: grid;
  gap: 14px;
  margin: 0 0 20px;

  dt {
    margin-bottom: 2px;
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  dd {
    margin: 0;
    color: ${colors.heading};
    overflow-wrap: anywhere;
  }

  .colour {
    display: inline-flex;
    align-items: center;
    gap: 8px;
  }

  .swatch {
    width: 16px;
    height: 16px;
    border-radius: 4px;
  }
`;

const Note = styled.p`
  margin: 0 0 16px;
  font-size: 14px;
  color: ${colors.textSecondary};
`;

/** The owner's settings as text, for those who may not change them: nothing looks editable that is not. */
function HubDetails({ hub, visibility }: { hub: MyHub; visibility?: string }) {
  return (
    <Details aria-label="Hub details">
      <div>
        <dt>Hub name</dt>
        <dd>{hub.name}</dd>
      </div>
      <div>
        <dt>Description</dt>
        <dd>{hub.description || 'No description'}</dd>
      </div>
      <div>
        <dt>Colour</dt>
        <dd className="colour">
          <span className="swatch" style={{ background: hub.colour }} aria-hidden="true" />
          {colourName(hub.colour)}
        </dd>
      </div>
      {visibility && (
        <div>
          <dt>Visibility</dt>
          <dd>{visibility}</dd>
        </div>
      )}
      <div>
        <dt>Email domain</dt>
        <dd>{hub.email_domain ? `@${hub.email_domain}` : 'None'}</dd>
      </div>
    </Details>
  );
}

/**
 * The hub's own settings. Owners change everything; editors only the
 * visibility (design §5: change_visibility) and read the rest; viewers read
 * them all.
 */
export function HubSettingsForm({ hub }: { hub: MyHub }) {
  const { message } = App.useApp();
  const settings = useAuthStore((s) => s.settings);
  const [form] = Form.useForm<HubValues>();
  const { update: mayUpdate, change_visibility: mayChangeVisibility } = hub.abilities;
  const visibilityOptions = settings?.permissions.hub_visibility ?? basicSettings.permissions.hub_visibility;

  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    // Editors send the visibility alone: the API refuses any other field from them.
    const body: UpdateHubBody = mayUpdate ? values : { visibility: values.visibility };
    await hubAdminApi.update(hub.domain_handle, body);
    await useAuthStore.getState().loadUser();
    void message.success('Hub settings saved.');
  });

  if (!mayChangeVisibility) {
    const visibility = visibilityOptions.find((v) => v.value === hub.visibility)?.label ?? hub.visibility;
    return (
      <>
        <Note>Only the hub owner can change these settings.</Note>
        <HubDetails hub={hub} visibility={visibility} />
      </>
    );
  }

  return (
    <>
      {!mayUpdate && (
        <>
          <Note>Only the hub owner can change the name, description, colour and email domain. You can change who may join.</Note>
          <HubDetails hub={hub} />
        </>
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
        {mayUpdate && (
          <>
            <Form.Item label="Hub name" name="name" rules={rules.name}>
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item label="Description" name="description" rules={rules.description}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
            </Form.Item>
            <Form.Item label="Colour" name="colour">
              <ColourChoices />
            </Form.Item>
          </>
        )}
        <Form.Item label="Visibility" name="visibility" rules={rules.visibility}>
          <VisibilityChoices idPrefix="hub-visibility" options={visibilityOptions} />
        </Form.Item>
        {mayUpdate && (
          <Form.Item
            label="Email domain"
            name="email_domain"
            rules={rules.email_domain}
            extra="Optional. People who sign up with this domain can find and join a public hub."
          >
            <Input prefix="@" placeholder="example.com" autoCapitalize="none" spellCheck={false} />
          </Form.Item>
        )}
        <SubmitButton submitting={submitting} block={false} size="middle">
          Save settings
        </SubmitButton>
      </VerticalForm>
    </>
  );
}
