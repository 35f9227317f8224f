import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import styled from 'styled-components';
import { basicSettings } from '@/lib/basic-settings';
import { createHubBody, type CreateHubBody } from '@/lib/contract/hubs';
import { colors } from '@/lib/palette';
import { hubApi } from '@/client/http/hubs-api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { useBasicSettings } from '@/components/common/useBasicSettings';
import { StepCard, StepHeading } from '@/components/onboarding/OnboardingLayout';
import { organisationDomainOf } from './emailDomain';
import { HandleStatus } from './HandleStatus';
import { suggestHandle } from './suggestHandle';
import { useHandleAvailability } from './useHandleAvailability';
import { VisibilityChoices } from '../common/VisibilityChoices';

const rules = {
  name: [zodRule(createHubBody.shape.name)],
  domain_handle: [zodRule(createHubBody.shape.domain_handle)],
  description: [zodRule(createHubBody.shape.description)],
  visibility: [zodRule(createHubBody.shape.visibility)],
  email_domain: [zodRule(createHubBody.shape.email_domain)],
};

type HubValues = Omit<CreateHubBody, 'colour'>;

const Back = styled.p`
  margin: 0 0 20px;
  font-size: 14px;

  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: ${colors.textSecondary};
  }
`;

const Footer = styled.p`
  margin: 20px 0 0;
  text-align: center;
  color: ${colors.textSecondary};
`;

export function CreateHubForm() {
  const router = useRouter();
  const user = useAuthStore((s) => s.user);
  const { settings } = useBasicSettings();
  const [form] = Form.useForm<HubValues>();
  // The handle follows the name until the user types one of their own.
  const [handleEdited, setHandleEdited] = useState(false);
  const availability = useHandleAvailability(Form.useWatch('domain_handle', form));
  // The same list the API serves, so the choice is never blank while the settings load.
  const visibilityOptions = settings?.permissions.hub_visibility ?? basicSettings.permissions.hub_visibility;

  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    await hubApi.create(values);
    await useAuthStore.getState().loadUser();
    await router.replace('/');
  });

  const onValuesChange = (changed: Partial<HubValues>) => {
    if ('name' in changed && !handleEdited) {
      form.setFieldValue('domain_handle', suggestHandle(changed.name ?? ''));
    }
    if ('domain_handle' in changed) setHandleEdited(Boolean(changed.domain_handle));
  };

  // Opened from the hub switcher by someone who already has a hub: no onboarding step, and a way back.
  const currentHub = user?.active_organization;

  return (
    <StepCard>
      {currentHub && (
        <Back>
          <Link href="/">
            <ArrowLeftOutlined /> Back to {currentHub.name}
          </Link>
        </Back>
      )}
      <StepHeading
        step={currentHub ? undefined : 2}
        title={currentHub ? 'Create another hub' : 'Create your hub'}
        subtitle="A hub is your organisation’s home in Convene: its people, spaces and meetings."
      />
      <FormError message={error} />
      <VerticalForm<HubValues>
        form={form}
        name="create-hub"
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        initialValues={{ visibility: 'public', email_domain: organisationDomainOf(user?.email ?? '') }}
      >
        <Form.Item label="Hub name" name="name" rules={rules.name}>
          <Input placeholder="Acme Research" autoComplete="organization" />
        </Form.Item>
        <Form.Item
          label="Hub handle"
          name="domain_handle"
          rules={rules.domain_handle}
          extra={<HandleStatus availability={availability} />}
        >
          <Input prefix="@" placeholder="acme-research" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules.description}>
          <Input.TextArea
            placeholder="What does your team work on? (optional)"
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            showCount
          />
        </Form.Item>
        <Form.Item label="Visibility" name="visibility" rules={rules.visibility}>
          <VisibilityChoices idPrefix="visibility" options={visibilityOptions} />
        </Form.Item>
        <Form.Item
          label="Email domain"
          name="email_domain"
          rules={rules.email_domain}
          extra="Optional. People who sign up with this domain can find and join a public hub."
        >
          <Input prefix="@" placeholder="example.com" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <SubmitButton submitting={submitting}>Create hub</SubmitButton>
      </VerticalForm>
      {user?.organization && (
        <Footer>
          Your team may already be here. <Link href="/join-hub">Join an existing hub</Link>
        </Footer>
      )}
    </StepCard>
  );
}
