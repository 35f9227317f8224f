import { Alert, App, Button, Form, Input } from 'antd';
import { profileBody, type ProfileBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { useAuthStore } from '@/store/auth';
import { useBasicSettings } from '@/components/common/useBasicSettings';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { RoleSelect } from '@/components/onboarding/RoleSelect';
import { ColourChoices } from '@/components/common/ColourChoices';

const rules = {
  name: [zodRule(profileBody.shape.name)],
  role: [zodRule(profileBody.shape.role)],
  about: [zodRule(profileBody.shape.about)],
};

type ProfileValues = Pick<ProfileBody, 'name' | 'role' | 'about' | 'colour'>;

/** Name, job role, a line about them and their colour: the same rules as the onboarding profile step. */
export function ProfileSettings() {
  const { message } = App.useApp();
  const user = useAuthStore((s) => s.user);
  const { settings, error: settingsError, retry } = useBasicSettings();
  const [form] = Form.useForm<ProfileValues>();
  // The form keeps what was typed whatever the answer: a failed save loses nothing.
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data, message: saved } = await authApi.updateProfile(values);
    useAuthStore.getState().setUser(data);
    void message.success(saved ?? 'Profile saved.');
  });
  if (!user) return null;

  return (
    <>
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
        name="account-profile"
        size="middle"
        onFinish={onFinish}
        initialValues={{ name: user.name, role: user.profile.role ?? undefined, about: user.profile.about ?? '', colour: user.profile.colour }}
      >
        <Form.Item label="Name" name="name" rules={rules.name}>
          <Input autoComplete="name" maxLength={80} />
        </Form.Item>
        <Form.Item label="Job role" name="role" rules={rules.role}>
          <RoleSelect roles={settings?.profile_roles ?? []} loading={!settings && !settingsError} />
        </Form.Item>
        <Form.Item label="About" name="about" rules={rules.about}>
          <Input.TextArea
            placeholder="Optional — a line about what you work on."
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            showCount
          />
        </Form.Item>
        <Form.Item label="Colour" name="colour" extra="Shown behind your initials when you have no photo.">
          <ColourChoices />
        </Form.Item>
        <SubmitButton submitting={submitting} block={false} size="middle">
          Save profile
        </SubmitButton>
      </VerticalForm>
    </>
  );
}
