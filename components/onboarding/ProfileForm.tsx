import { useRouter } from 'next/router';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { profileBody, type ProfileBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { useBasicSettings } from '@/components/common/useBasicSettings';
import { landingPathFor } from './landingPath';
import { StepCard, StepHeading } from './OnboardingLayout';
import { RoleSelect } from './RoleSelect';

const rules = {
  name: [zodRule(profileBody.shape.name)],
  role: [zodRule(profileBody.shape.role)],
  about: [zodRule(profileBody.shape.about)],
};

type ProfileValues = Pick<ProfileBody, 'name' | 'role' | 'about'>;

export function ProfileForm() {
  const router = useRouter();
  const user = useAuthStore((s) => s.user);
  const { settings, error: settingsError, retry } = useBasicSettings();
  const [form] = Form.useForm<ProfileValues>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await authApi.updateProfile(values);
    useAuthStore.getState().setUser(data);
    await router.replace(landingPathFor(data));
  });

  // The guard renders user pages once the user is loaded; this only covers the first paint.
  if (!user) return <StepCard aria-busy="true"><Skeleton active paragraph={{ rows: 6 }} /></StepCard>;

  return (
    <StepCard>
      <StepHeading
        // Someone an invitation already brought into a hub has this one step only.
        step={user.organizations.length === 0 ? 1 : undefined}
        title="Tell us about yourself"
        subtitle="This is how your teammates will see you across Convene."
      />
      {settingsError && (
        <Alert
          type="error"
          showIcon
          title={`We could not load the list of roles. ${settingsError}`}
          action={<Button size="small" onClick={retry}>Try again</Button>}
          style={{ marginBottom: 20 }}
        />
      )}
      <FormError message={error} />
      <VerticalForm<ProfileValues>
        form={form}
        name="basic-profile"
        onFinish={onFinish}
        initialValues={{ name: user.name, role: user.profile.role ?? undefined, about: user.profile.about ?? '' }}
      >
        <Form.Item label="Name" name="name" rules={rules.name}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={rules.role}>
          <RoleSelect roles={settings?.profile_roles ?? []} loading={!settings && !settingsError} />
        </Form.Item>
        <Form.Item label="About" name="about" rules={rules.about}>
          <Input.TextArea
            placeholder="Optional — a line about what you work on."
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={500}
            showCount
          />
        </Form.Item>
        <SubmitButton submitting={submitting}>Continue</SubmitButton>
      </VerticalForm>
    </StepCard>
  );
}
