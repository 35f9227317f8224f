import { useState } from 'react';
import { Alert, Form, Select } from 'antd';
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

const rules = {
  emails: [zodRule(createInvitationsBody.shape.emails)],
  role: [zodRule(createInvitationsBody.shape.role)],
};

interface InviteValues {
  emails: string[];
  role: Role;
}

const outcomeText: Record<InviteResult['outcome'], string> = {
  invited: 'invited',
  refreshed: 'sent a new link',
  already_member: 'already a member',
  rate_limited: 'sent too often; try again in a few minutes',
  mail_failed: 'the email could not be sent',
};

/** One line per outcome: "Invited: a@x.com, b@x.com". */
function summary(results: InviteResult[]) {
  const groups = new Map<InviteResult['outcome'], string[]>();
  for (const r of results) groups.set(r.outcome, [...(groups.get(r.outcome) ?? []), r.email]);
  return [...groups].map(([outcome, emails]) => ({
    outcome,
    text: `${emails.join(', ')}: ${outcomeText[outcome]}`,
  }));
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
  const lines = results ? summary(results) : [];
  const problems = lines.some((l) => l.outcome === 'rate_limited' || l.outcome === 'mail_failed');

  return (
    <>
      <PlanLimitAlert message={planLimit} />
      <FormError message={error} />
      {lines.length > 0 && (
        <Alert
          type={problems ? 'warning' : 'success'}
          showIcon
          title="Invitations"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {lines.map((l) => (
                <li key={l.outcome}>{l.text}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
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
