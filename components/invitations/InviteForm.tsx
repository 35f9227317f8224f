import { useState } from 'react';
import { Alert, Form, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import styled from 'styled-components';
import { createInvitationsBody, MAX_INVITE_EMAILS, type InviteResult } from '@/lib/contract/invitations';
import type { Role } from '@/lib/contract/settings';
import { errorMessage } from '@/client/http/clients';
import type { InvitationScope } from '@/client/http/hub-admin-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { zodRule } from '@/components/forms/zodRule';
import { isPlanLimit } from '@/components/billing/planLimit';
import { PlanLimitAlert } from '@/components/billing/PlanLimitAlert';
import { roleOptions } from '@/components/common/roles';

const Row = styled.div`
  display: grid;
  gap: 0 12px;

  @media (min-width: 576px) {
    grid-template-columns: minmax(0, 1fr) 140px;
  }
`;

/** Says which address is wrong ("ada@ is not a valid email address"), not just that one is. */
const emailsRule: Rule = {
  required: true,
  validator: async (_rule, value: unknown) => {
    const result = createInvitationsBody.shape.emails.safeParse(value);
    if (result.success) return;
    const issue = result.error.issues[0];
    const index = issue?.path[0];
    if (typeof index === 'number' && Array.isArray(value)) throw new Error(`${String(value[index])} is not a valid email address`);
    throw new Error(issue?.message ?? 'Please check the addresses');
  },
};

const rules = {
  emails: [emailsRule],
  role: [zodRule(createInvitationsBody.shape.role)],
};

interface InviteValues {
  emails: string[];
  role: Role;
}

/** Each outcome in a sentence about its address; the first two are successes, the rest need the user's eye. */
const outcomeText: Record<InviteResult['outcome'], (email: string) => string> = {
  invited: (email) => `${email} is invited.`,
  refreshed: (email) => `${email} was sent a new link.`,
  already_member: (email) => `${email} is already a member; nothing was sent.`,
  rate_limited: (email) => `${email} was sent an invitation too often lately; try again in a few minutes.`,
  mail_failed: (email) => `The email to ${email} could not be sent; resend it from the pending invitations.`,
};
const succeeded = (result: InviteResult) => result.outcome === 'invited' || result.outcome === 'refreshed';

/** One list of results in an alert: green for what went out, a warning for what did not. */
function Results({ results, type, title }: { results: InviteResult[]; type: 'success' | 'warning'; title: string }) {
  if (results.length === 0) return null;
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {results.map((r) => (
            <li key={r.email}>{outcomeText[r.outcome](r.email)}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * Several addresses at once (typed or pasted, split on commas and spaces)
 * with one role, into a hub or a space (`scope`); `roles` are the ones the
 * caller may give there (its abilities' grant_roles).
 */
export function InviteForm({ scope, roles, onInvited }: { scope: InvitationScope; roles: readonly Role[]; onInvited(): void }) {
  const [form] = Form.useForm<InviteValues>();
  const [results, setResults] = useState<InviteResult[] | null>(null);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    setResults(null);
    setPlanLimit(null);
    try {
      const { data } = await scope.create(values);
      setResults(data);
      form.setFieldValue('emails', []);
      onInvited();
    } catch (e) {
      if (!isPlanLimit(e)) throw e;
      setPlanLimit(errorMessage(e));
    }
  });
  const sent = results?.filter(succeeded) ?? [];
  const notSent = results?.filter((r) => !succeeded(r)) ?? [];

  return (
    <>
      <PlanLimitAlert message={planLimit} />
      <FormError message={error} />
      <Results results={sent} type="success" title={sent.length === 1 ? 'Invitation sent' : 'Invitations sent'} />
      <Results results={notSent} type="warning" title="Not sent" />
      <VerticalForm<InviteValues> form={form} name="invite" size="middle" onFinish={onFinish} initialValues={{ emails: [], role: 'viewer' }}>
        <Row>
          <Form.Item
            label="Emails"
            name="emails"
            rules={rules.emails}
            extra={`Type or paste up to ${MAX_INVITE_EMAILS} addresses, separated by commas or spaces.`}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ' ', ';', '\n']}
              placeholder="ana@example.com, ben@example.com"
              suffixIcon={null}
            />
          </Form.Item>
          <Form.Item label="Role" name="role" rules={rules.role}>
            <Select<Role> options={roleOptions.filter((o) => roles.includes(o.value))} />
          </Form.Item>
        </Row>
        <SubmitButton submitting={submitting} block={false} size="middle">
          Send invitations
        </SubmitButton>
      </VerticalForm>
    </>
  );
}
