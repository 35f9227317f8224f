import type { BasicSettings, Operation, Role } from './contract/settings';

/**
 * What each role may do (design §5). Roles are cumulative: an editor can do
 * everything a viewer can, an owner everything an editor can.
 */
const viewerOperations: Operation[] = ['view'];
const editorOperations: Operation[] = [
  ...viewerOperations, 'add_content', 'edit_content', 'delete_content', 'invite', 'change_visibility',
];
const ownerOperations: Operation[] = [...editorOperations, 'archive', 'transfer_ownership', 'manage_roles'];

export const roleOperations: Record<Role, readonly Operation[]> = {
  owner: ownerOperations,
  editor: editorOperations,
  viewer: viewerOperations,
};

const profileRole = (value: string, label: string, department: string) => ({ value, label, department });

/** Job roles offered on the basic profile, grouped by department. */
export const profileRoles: BasicSettings['profile_roles'] = [
  profileRole('founder', 'Founder', 'Leadership'),
  profileRole('ceo', 'Chief Executive Officer', 'Leadership'),
  profileRole('cto', 'Chief Technology Officer', 'Leadership'),
  profileRole('general_manager', 'General Manager', 'Leadership'),
  profileRole('software_engineer', 'Software Engineer', 'Engineering'),
  profileRole('frontend_engineer', 'Frontend Engineer', 'Engineering'),
  profileRole('backend_engineer', 'Backend Engineer', 'Engineering'),
  profileRole('devops_engineer', 'DevOps Engineer', 'Engineering'),
  profileRole('qa_engineer', 'QA Engineer', 'Engineering'),
  profileRole('engineering_manager', 'Engineering Manager', 'Engineering'),
  profileRole('data_scientist', 'Data Scientist', 'Engineering'),
  profileRole('product_manager', 'Product Manager', 'Product'),
  profileRole('product_owner', 'Product Owner', 'Product'),
  profileRole('product_designer', 'Product Designer', 'Design'),
  profileRole('ux_researcher', 'UX Researcher', 'Design'),
  profileRole('graphic_designer', 'Graphic Designer', 'Design'),
  profileRole('marketing_manager', 'Marketing Manager', 'Marketing'),
  profileRole('content_strategist', 'Content Strategist', 'Marketing'),
  profileRole('growth_marketer', 'Growth Marketer', 'Marketing'),
  profileRole('account_executive', 'Account Executive', 'Sales'),
  profileRole('sales_manager', 'Sales Manager', 'Sales'),
  profileRole('business_development', 'Business Development Representative', 'Sales'),
  profileRole('operations_manager', 'Operations Manager', 'Operations'),
  profileRole('project_manager', 'Project Manager', 'Operations'),
  profileRole('accountant', 'Accountant', 'Finance'),
  profileRole('financial_analyst', 'Financial Analyst', 'Finance'),
  profileRole('hr_manager', 'HR Manager', 'HR'),
  profileRole('recruiter', 'Recruiter', 'HR'),
  profileRole('legal_counsel', 'Legal Counsel', 'Legal'),
  profileRole('compliance_officer', 'Compliance Officer', 'Legal'),
  profileRole('customer_support', 'Customer Support Specialist', 'Support'),
  profileRole('customer_success_manager', 'Customer Success Manager', 'Support'),
  profileRole('teacher', 'Teacher', 'Education'),
  profileRole('student', 'Student', 'Education'),
  profileRole('researcher', 'Researcher', 'Research'),
  profileRole('other', 'Other', 'Other'),
];

/** The global settings served by `core/basic-settings/`. */
export const basicSettings: BasicSettings = {
  permissions: {
    // The specification's first visibility list (hubs).
    hub_visibility: [
      { value: 'public', label: 'Public', description: 'Anyone with your email domain, or with the link, can join as a viewer.' },
      { value: 'shared', label: 'Shared', description: 'Only people you invite can join.' },
    ],
    // The specification's second visibility list (spaces).
    space_visibility: [
      { value: 'public', label: 'Everyone', description: 'Every member of the hub can see and join this space.' },
      { value: 'shared', label: 'Shared', description: 'Only the members of this space can see it.' },
      { value: 'private', label: 'Private', description: 'Only you and the hub owner can see it.' },
    ],
  },
  roles: [
    { value: 'owner', label: 'Owner', operations: [...roleOperations.owner] },
    { value: 'editor', label: 'Editor', operations: [...roleOperations.editor] },
    { value: 'viewer', label: 'Viewer', operations: [...roleOperations.viewer] },
  ],
  profile_roles: profileRoles,
};
