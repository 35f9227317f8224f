import { useState } from 'react';
import { Button, List, Modal, Space, Switch, Tag, Typography, message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Template } from '@/lib/contract/templates';
import { templatesApi } from '@/client/http/templates-api';
import { errorMessage } from '@/client/http/clients';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { Panel } from '@/components/ui/Panel';
import { usePagedList } from '@/components/ui/usePagedList';
import { TemplateBuilder } from './TemplateBuilder';

/**
 * Hub settings → Forms: the hub's form templates (the built-in contact
 * template first), each opening the builder. Every member sees them; only
 * those with `manage_templates` create or change them (the API checks again).
 */
export function TemplateList({ canManage }: { canManage: boolean }) {
  const [archived, setArchived] = useState(false);
  const [open, setOpen] = useState<Template | 'new' | null>(null);
  const [version, setVersion] = useState(0);
  const list = usePagedList<Template>({
    query: `${archived}:${version}`,
    fetchPage: (page) => templatesApi.list(page, archived),
    keyOf: (t) => t.id,
  });

  if (open) {
    return (
      <TemplateBuilder
        template={open === 'new' ? null : open}
        canManage={canManage}
        onClose={() => setOpen(null)}
        onSaved={() => setVersion((n) => n + 1)}
      />
    );
  }

  const restore = (template: Template) =>
    Modal.confirm({
      title: `Restore ${template.name}?`,
      content: 'New record tables can use it again.',
      okText: 'Restore',
      onOk: () =>
        templatesApi.update(template.id, { version: template.version, archived: false }).then(
          () => setVersion((n) => n + 1),
          (e: unknown) => void message.error(`We could not restore the template. ${errorMessage(e)}`),
        ),
    });

  return (
    <Panel
      title="Form templates"
      aside={
        <Space wrap>
          <Space>
            <Switch id="show-archived" checked={archived} onChange={setArchived} />
            <label htmlFor="show-archived">Show archived</label>
          </Space>
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>
              New form template
            </Button>
          )}
        </Space>
      }
    >
      {list.state === 'failed' ? (
        <LoadFailure message="We could not load the form templates." error={list.error} onRetry={list.reload} />
      ) : (
        <List
          loading={list.state === 'loading'}
          dataSource={list.items}
          renderItem={(template) => (
            <List.Item
              actions={[
                template.archived && template.abilities.archive ? (
                  <Button key="restore" size="small" onClick={() => restore(template)}>
                    Restore
                  </Button>
                ) : null,
                <Button key="open" size="small" onClick={() => setOpen(template)}>
                  {template.abilities.update ? 'Edit' : 'View'}
                </Button>,
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <Typography.Link onClick={() => setOpen(template)}>{template.name}</Typography.Link>
                    {template.built_in && <Tag color="purple">Built-in</Tag>}
                    {template.archived && <Tag>Archived</Tag>}
                  </Space>
                }
                description={`${template.fields.filter((f) => !f.removed).length} fields${template.description ? ` · ${template.description}` : ''}`}
              />
            </List.Item>
          )}
        />
      )}
      <LoadMore list={list} />
    </Panel>
  );
}
