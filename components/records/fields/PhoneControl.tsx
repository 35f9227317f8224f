import { useState } from 'react';
import { Input, Select, Space } from 'antd';
import styled from 'styled-components';
import { ariaOf, textOf, type FieldControlProps } from './control-props';

/** Common calling codes, by the region a browser's locale names. */
const CALLING_CODES: ReadonlyArray<{ region: string; code: string; country: string }> = [
  { region: 'GB', code: '+44', country: 'United Kingdom' },
  { region: 'US', code: '+1', country: 'United States / Canada' },
  { region: 'IE', code: '+353', country: 'Ireland' },
  { region: 'FR', code: '+33', country: 'France' },
  { region: 'DE', code: '+49', country: 'Germany' },
  { region: 'ES', code: '+34', country: 'Spain' },
  { region: 'PT', code: '+351', country: 'Portugal' },
  { region: 'IT', code: '+39', country: 'Italy' },
  { region: 'NL', code: '+31', country: 'Netherlands' },
  { region: 'BE', code: '+32', country: 'Belgium' },
  { region: 'CH', code: '+41', country: 'Switzerland' },
  { region: 'AT', code: '+43', country: 'Austria' },
  { region: 'SE', code: '+46', country: 'Sweden' },
  { region: 'NO', code: '+47', country: 'Norway' },
  { region: 'DK', code: '+45', country: 'Denmark' },
  { region: 'FI', code: '+358', country: 'Finland' },
  { region: 'PL', code: '+48', country: 'Poland' },
  { region: 'GR', code: '+30', country: 'Greece' },
  { region: 'TR', code: '+90', country: 'Türkiye' },
  { region: 'UA', code: '+380', country: 'Ukraine' },
  { region: 'IL', code: '+972', country: 'Israel' },
  { region: 'AE', code: '+971', country: 'United Arab Emirates' },
  { region: 'SA', code: '+966', country: 'Saudi Arabia' },
  { region: 'EG', code: '+20', country: 'Egypt' },
  { region: 'NG', code: '+234', country: 'Nigeria' },
  { region: 'KE', code: '+254', country: 'Kenya' },
  { region: 'ZA', code: '+27', country: 'South Africa' },
  { region: 'IN', code: '+91', country: 'India' },
  { region: 'PK', code: '+92', country: 'Pakistan' },
  { region: 'BD', code: '+880', country: 'Bangladesh' },
  { region: 'LK', code: '+94', country: 'Sri Lanka' },
  { region: 'CN', code: '+86', country: 'China' },
  { region: 'HK', code: '+852', country: 'Hong Kong' },
  { region: 'JP', code: '+81', country: 'Japan' },
  { region: 'KR', code: '+82', country: 'South Korea' },
  { region: 'SG', code: '+65', country: 'Singapore' },
  { region: 'MY', code: '+60', country: 'Malaysia' },
  { region: 'ID', code: '+62', country: 'Indonesia' },
  { region: 'PH', code: '+63', country: 'Philippines' },
  { region: 'TH', code: '+66', country: 'Thailand' },
  { region: 'VN', code: '+84', country: 'Vietnam' },
  { region: 'AU', code: '+61', country: 'Australia' },
  { region: 'NZ', code: '+64', country: 'New Zealand' },
  { region: 'MX', code: '+52', country: 'Mexico' },
  { region: 'BR', code: '+55', country: 'Brazil' },
  { region: 'AR', code: '+54', country: 'Argentina' },
  { region: 'CL', code: '+56', country: 'Chile' },
  { region: 'CO', code: '+57', country: 'Colombia' },
];

const FALLBACK_CODE = '+44';
const codeOptions = CALLING_CODES.map((c) => ({ value: c.code, label: `${c.code} ${c.country}` }));
// Longest first, so "+353 …" is Ireland and not a "+35" that does not exist.
const codesByLength = [...new Set(CALLING_CODES.map((c) => c.code))].sort((a, b) => b.length - a.length);

/** The calling code of the browser's region ("en-GB" → +44), else the fallback. */
function localCode(): string {
  if (typeof navigator === 'undefined') return FALLBACK_CODE;
  const region = navigator.language.split('-')[1]?.toUpperCase();
  return CALLING_CODES.find((c) => c.region === region)?.code ?? FALLBACK_CODE;
}

/** "+44 20 7946 0958" → +44 and "20 7946 0958"; a number with no known code stays whole. */
export function splitPhone(value: string): { code: string | null; number: string } {
  // Only leading space goes: a space just typed after "20" is kept while the number is typed on.
  const text = value.trimStart();
  if (text.startsWith('+')) {
    const code = codesByLength.find((c) => text.startsWith(c) && !/\d/.test(text.charAt(c.length)));
    const number = code ? text.slice(code.length).trimStart() : '';
    // A code alone ("+44" while typing) stays in the number box, where it is being typed.
    if (code && number) return { code, number };
  }
  return { code: null, number: text };
}

/** The stored single string; empty when no number is typed (so "Please enter …" applies). */
export function joinPhone(code: string, number: string): string {
  const text = number.trimStart();
  if (!text.trim()) return '';
  // A number typed or pasted with its own + keeps its code.
  return text.startsWith('+') ? text : `${code} ${text}`;
}

const CodeSelect = styled(Select<string>)`
  && {
    width: 96px;
    flex: none;
  }
`;

/** phone: a country calling code and the number, stored as one string ("+44 20 7946 0958"). */
export function PhoneControl(props: FieldControlProps) {
  const { field, value, onChange, disabled, autoFocus } = props;
  const [preferred, setPreferred] = useState(localCode);
  const stored = splitPhone(textOf(value));
  const code = stored.code ?? preferred;

  const onNumber = (typed: string) => {
    // A whole international number pasted in: its code goes to the picker.
    const pasted = splitPhone(typed);
    if (pasted.code) {
      setPreferred(pasted.code);
      onChange?.(joinPhone(pasted.code, pasted.number));
    } else onChange?.(joinPhone(code, typed));
  };

  return (
    <Space.Compact block>
      <CodeSelect
        aria-label={`${field.label} country code`}
        value={code}
        options={codeOptions}
        labelRender={({ value: picked }) => String(picked)}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={false}
        onChange={(picked) => {
          setPreferred(picked);
          if (stored.number) onChange?.(joinPhone(picked, stored.number));
        }}
        disabled={disabled}
      />
      <Input
        {...ariaOf(props)}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={24}
        placeholder="20 7946 0958"
        value={stored.number}
        onChange={(e) => onNumber(e.target.value)}
        disabled={disabled}
        autoFocus={autoFocus}
      />
    </Space.Compact>
  );
}
