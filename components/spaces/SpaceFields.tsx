import { Form, Input } from 'antd';
import { createSpaceBody } from '@/lib/contract/spaces';
import { useAuthStore } from '@/store/auth';
import { zodRule } from '@/components/forms/zodRule';
import { VisibilityChoices, type VisibilityOption } from '@/components/common/VisibilityChoices';
import { spaceVisibilityOptions } from './visibility';

const rules = {
  name: [zodRule(createSpaceBody.shape.name)],
  description: [zodRule(createSpaceBody.shape.description)],
  visibility: [zodRule(createSpaceBody.shape.visibility)],
};

/**
 * Name, description and visibility of a space: the create modal and the
 * space settings share them. `privateReason` disables Private with the reason
 * (only a space's creator may make it private).
 */
export function SpaceFields({ idPrefix, privateReason }: { idPrefix: string; privateReason?: string }) {
  const settings = useAuthStore((s) => s.settings);
  const options: VisibilityOption[] = spaceVisibilityOptions(settings).map((o) =>
    o.value === 'private' && privateReason ? { ...o, disabledReason: privateReason } : o,
  );
  return (
    <>
      <Form.Item label="Name" name="name" rules={rules.name}>
        <Input placeholder="Quarterly planning" maxLength={80} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={rules.description}>
        <Input.TextArea
          placeholder="What is this space for? (optional)"
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={500}
          showCount
        />
      </Form.Item>
      <Form.Item label="Visibility" name="visibility" rules={rules.visibility}>
        <VisibilityChoices idPrefix={idPrefix} options={options} />
      </Form.Item>
    </>
  );
}
