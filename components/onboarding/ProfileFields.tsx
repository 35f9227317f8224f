import { Alert, Button, Form, Input } from 'antd';
import { profileBody } from '@/lib/contract/auth';
import { useBasicSettings } from '@/components/common/useBasicSettings';
import { zodRule } from '@/components/forms/zodRule';
import { RoleSelect } from './RoleSelect';

const rules = {
  name: [zodRule(profileBody.shape.name)],
  role: [zodRule(profileBody.shape.role)],
  about: [zodRule(profileBody.shape.about)],
};

/** Name, role and about, with the same rules wherever a person edits their profile (onboarding, account). */
export function ProfileFields({ roleLabel }: { roleLabel: string }) {
  const { settings, error, retry } = useBasicSettings();
  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          title={`We could not load the list of roles. ${error}`}
          action={<Button size="small" onClick={retry}>Try again</Button>}
          style={{ marginBottom: 20 }}
        />
      )}
      <Form.Item label="Name" name="name" rules={rules.name}>
        <Input autoComplete="name" maxLength={80} />
      </Form.Item>
      <Form.Item label={roleLabel} name="role" rules={rules.role}>
        <RoleSelect roles={settings?.profile_roles ?? []} loading={!settings && !error} />
      </Form.Item>
      <Form.Item label="About" name="about" rules={rules.about}>
        <Input.TextArea placeholder="Optional — a line about what you work on." autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}
