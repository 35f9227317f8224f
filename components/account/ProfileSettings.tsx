import { App, Form } from 'antd';
import type { ProfileBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { ProfileFields } from '@/components/onboarding/ProfileFields';
import { ColourChoices } from '@/components/common/ColourChoices';

type ProfileValues = Pick<ProfileBody, 'name' | 'role' | 'about' | 'colour'>;

/** Name, job role, a line about them and their colour: the same rules as the onboarding profile step. */
export function ProfileSettings() {
  const { message } = App.useApp();
  const user = useAuthStore((s) => s.user);
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
      <FormError message={error} />
      <VerticalForm<ProfileValues>
        form={form}
        name="account-profile"
        size="middle"
        onFinish={onFinish}
        initialValues={{ name: user.name, role: user.profile.role ?? undefined, about: user.profile.about ?? '', colour: user.profile.colour }}
      >
        <ProfileFields roleLabel="Job role" />
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
