import { Radio, type RadioGroupProps } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

const Choices = styled(Radio.Group)`
  display: grid !important;
  gap: 10px;
  width: 100%;
`;

const Choice = styled(Radio)`
  align-items: flex-start;
  width: 100%;
  margin: 0;
  padding: 12px 14px;
  border: 1px solid ${colors.borderChoice};
  border-radius: 10px;
  transition:
    border-color 0.2s,
    background 0.2s;

  &.ant-radio-wrapper-checked {
    border-color: ${theme.primaryColor};
    background: ${theme.primaryColor}0d;
  }

  .ant-radio {
    align-self: flex-start;
    margin-top: 3px;
  }

  .ant-radio-label {
    font-weight: 500;
  }
`;

const ChoiceDescription = styled.span`
  display: block;
  margin-top: 2px;
  font-size: 13px;
  font-weight: 400;
  line-height: 1.5;
  color: ${colors.textSecondary};
`;

export interface VisibilityOption {
  value: string;
  label: string;
  description: string;
  /** Why this option cannot be chosen, shown instead of being silently greyed. */
  disabledReason?: string;
}

type VisibilityChoicesProps = Omit<RadioGroupProps, 'options' | 'children'> & {
  /** Prefixes the description ids, unique per form. */
  idPrefix: string;
  options: VisibilityOption[];
};

/** One bordered radio card per visibility: its label and what it means. Used inside a Form.Item. */
export function VisibilityChoices({ idPrefix, options, ...group }: VisibilityChoicesProps) {
  return (
    <Choices aria-label="Visibility" {...group}>
      {options.map((option) => (
        // The label wraps the description too; naming the radio by its label alone keeps "Public" its name.
        <Choice
          key={option.value}
          value={option.value}
          // undefined, not false: the group's own `disabled` must still apply.
          disabled={option.disabledReason ? true : undefined}
          aria-label={option.label}
          aria-describedby={`${idPrefix}-${option.value}-help`}
        >
          {option.label}
          <ChoiceDescription id={`${idPrefix}-${option.value}-help`}>
            {option.disabledReason ?? option.description}
          </ChoiceDescription>
        </Choice>
      ))}
    </Choices>
  );
}
