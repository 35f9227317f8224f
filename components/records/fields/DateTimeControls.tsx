import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ariaOf, textOf, type FieldControlProps } from './control-props';

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';

/** A stored text as the picker's day, or null when empty or not a valid one. */
function dayOf(text: string, format?: string): Dayjs | null {
  if (!text) return null;
  const day = format ? dayjs(`2000-01-01 ${text.slice(0, 5)}`, `${DATE} ${format}`) : dayjs(text);
  return day.isValid() ? day : null;
}

/** date → "YYYY-MM-DD", time → "HH:mm", datetime → an ISO instant with its offset. */
export function DateTimeControl(props: FieldControlProps & { field: { type: 'date' | 'time' | 'datetime' } }) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const text = textOf(value);
  const common = { ...ariaOf(props), disabled, autoFocus, style: { width: '100%' } };
  if (field.type === 'time') {
    return <TimePicker {...common} format={TIME} value={dayOf(text, TIME)} onChange={(day) => onChange?.(day ? day.format(TIME) : null)} />;
  }
  if (field.type === 'date') {
    return <DatePicker {...common} format={DATE} value={dayOf(text)} onChange={(day) => onChange?.(day ? day.format(DATE) : null)} />;
  }
  return (
    <DatePicker
      {...common}
      showTime={{ format: TIME }}
      // A typed or picked value counts at once, as in the date and time pickers, without an extra OK.
      needConfirm={false}
      format={`${DATE} ${TIME}`}
      value={dayOf(text)}
      // dayjs's default format is ISO 8601 with the local offset ("2026-11-26T14:05:00+00:00").
      onChange={(day) => onChange?.(day ? day.second(0).millisecond(0).format() : null)}
    />
  );
}
