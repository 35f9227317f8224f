import { useRouter } from 'next/router';
import { Form, Skeleton } from 'antd';
import type { ProfileBody } from '@/lib/contract/auth';
import { authApi } from '@/client/http/api';
import { useAuthStore } from '@/store/auth';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { landingPathFor } from '@/lib/onboarding/guard';
import { StepCard, StepHeading } from './OnboardingLayout';
import { ProfileFields } from './ProfileFields';

type ProfileValues = Pick<ProfileBody, 'name' | 'role' | 'about'>;

export function ProfileForm() {
  const router = useRouter();
  const user = useAuthStore((s) => s.user);
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
      <FormError message={error} />
      <VerticalForm<ProfileValues>
        form={form}
        name="basic-profile"
        onFinish={onFinish}
        initialValues={{ name: user.name, role: user.profile.role ?? undefined, about: user.profile.about ?? '' }}
      >
        <ProfileFields roleLabel="Role" />
        <SubmitButton submitting={submitting}>Continue</SubmitButton>
      </VerticalForm>
    </StepCard>
  );
}
