import { Checkbox, Select } from 'antd';
import styled from 'styled-components';
import { ariaOf, type FieldControlProps } from './control-props';

// Past this many choices a search box helps more than scrolling.
const SEARCH_FROM = 8;

const Boxes = styled.div`
  .ant-checkbox-group {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
  }
`;

/** select: one choice; multi-select: several; checkboxes: several, all in view. */
export function OptionControl(props: FieldControlProps & { field: { type: 'select' | 'multi-select' | 'checkboxes' } }) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const choices = field.options ?? [];
  const chosen = Array.isArray(value) ? value : [];
  if (field.type === 'checkboxes') {
    const { id, ...aria } = ariaOf(props);
    return (
      <Boxes id={id} role="group" {...aria}>
        <Checkbox.Group options={choices.map((o) => ({ value: o, label: o }))} value={chosen} onChange={(next) => onChange?.(next)} disabled={disabled} />
      </Boxes>
    );
  }
  const options = choices.map((o) => ({ value: o, label: o }));
  const showSearch = choices.length >= SEARCH_FROM ? { optionFilterProp: 'label' } : false;
  if (field.type === 'multi-select') {
    return (
      <Select<string[]>
        {...ariaOf(props)}
        mode="multiple"
        options={options}
        value={chosen}
        onChange={(next) => onChange?.(next)}
        showSearch={showSearch}
        allowClear
        disabled={disabled}
        autoFocus={autoFocus}
      />
    );
  }
  return (
    <Select<string>
      {...ariaOf(props)}
      options={options}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next) => onChange?.(next ?? null)}
      showSearch={showSearch}
      allowClear={!field.required}
      placeholder="Choose…"
      disabled={disabled}
      autoFocus={autoFocus}
    />
  );
}
