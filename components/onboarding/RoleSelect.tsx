import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import type { BasicSettings } from '@/lib/contract/settings';

type ProfileRoles = BasicSettings['profile_roles'];

/** Job roles grouped under their department, in the order the settings list them. */
function groupByDepartment(roles: ProfileRoles) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const role of roles) {
    const group = groups.get(role.department) ?? [];
    group.push({ value: role.value, label: role.label });
    groups.set(role.department, group);
  }
  return [...groups].map(([department, options]) => ({ label: department, title: department, options }));
}

interface RoleSelectProps extends Omit<SelectProps<string>, 'options'> {
  roles: ProfileRoles;
}

/** A searchable role picker; search matches the role's name. */
export function RoleSelect({ roles, ...props }: RoleSelectProps) {
  const options = useMemo(() => groupByDepartment(roles), [roles]);
  return (
    <Select<string>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      placeholder="Search for your role"
    />
  );
}
