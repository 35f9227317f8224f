import type { ReactNode } from 'react';
import {
  AppstoreOutlined, BorderOutlined, CalendarOutlined, CheckSquareOutlined, ClockCircleOutlined, CodeOutlined, FieldNumberOutlined,
  FieldTimeOutlined, FileTextOutlined, FontSizeOutlined, LinkOutlined, MailOutlined, NumberOutlined, PaperClipOutlined,
  PhoneOutlined, TagOutlined, TagsOutlined,
} from '@ant-design/icons';
import type { FieldType } from '@/lib/contract/templates';

/** One icon per field type, in the type picker and the field list; decorative (the type's name is beside it). */
export const fieldTypeIcons: Record<FieldType, ReactNode> = {
  text: <FontSizeOutlined aria-hidden />,
  string: <BorderOutlined aria-hidden />,
  textarea: <FileTextOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
  number: <NumberOutlined aria-hidden />,
  integer: <FieldNumberOutlined aria-hidden />,
  file: <PaperClipOutlined aria-hidden />,
  phone: <PhoneOutlined aria-hidden />,
  url: <LinkOutlined aria-hidden />,
  json: <CodeOutlined aria-hidden />,
  form: <AppstoreOutlined aria-hidden />,
  date: <CalendarOutlined aria-hidden />,
  time: <ClockCircleOutlined aria-hidden />,
  datetime: <FieldTimeOutlined aria-hidden />,
  checkboxes: <CheckSquareOutlined aria-hidden />,
  select: <TagOutlined aria-hidden />,
  'multi-select': <TagsOutlined aria-hidden />,
};
