import { App, Form } from 'antd';
import type { Space, UpdateSpaceBody } from '@/lib/contract/spaces';
import { spacesApi } from '@/client/http/spaces-api';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { VerticalForm } from '@/components/forms/VerticalForm';
import { useSubmit } from '@/components/forms/useSubmit';
import { SpaceFields } from './SpaceFields';

type SpaceValues = Required<Pick<UpdateSpaceBody, 'name' | 'visibility'>> & { description: string };

/** Edits a space's name, description and visibility; only its creator may make it private (design §5). */
export function SpaceSettingsForm({ space, onSaved }: { space: Space; onSaved(space: Space): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SpaceValues>();
  const { submitting, error, onFinish } = useSubmit(form, async (values) => {
    const { data } = await spacesApi.update(space.id, values);
    onSaved(data);
    void message.success('Space settings saved.');
  });

  return (
    <>
      <FormError message={error} />
      <VerticalForm<SpaceValues>
        form={form}
        name="space-settings"
        onFinish={onFinish}
        size="middle"
        initialValues={{ name: space.name, description: space.description ?? '', visibility: space.visibility }}
      >
        <SpaceFields
          idPrefix="space-visibility"
          privateReason={
            // The current visibility stays choosable: keeping a space private is no change.
            space.abilities.make_private || space.visibility === 'private'
              ? undefined
              : 'Only the creator of this space can make it private.'
          }
        />
        <SubmitButton submitting={submitting} block={false} size="middle">
          Save changes
        </SubmitButton>
      </VerticalForm>
    </>
  );
}
