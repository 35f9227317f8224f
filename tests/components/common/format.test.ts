import { describe, expect, it } from 'vitest';
import { formatCurrency, formatPrice, initialsOf } from '@/components/common/format';
import { formatBytes } from '@/lib/format-bytes';

describe('formatCurrency', () => {
  it('formats rupees the Indian way, with paise only when there are some', () => {
    expect(formatCurrency(0, 'INR')).toBe('₹0');
    expect(formatCurrency(2499, 'INR')).toBe('₹2,499');
    expect(formatCurrency(12345678.5, 'INR')).toBe('₹1,23,45,678.50');
  });

  it('uses the subscription’s currency', () => {
    expect(formatCurrency(10, 'USD')).toBe('$10');
  });
});

describe('formatPrice', () => {
  it('calls a plan that costs nothing Free, and gives the others per interval', () => {
    expect(formatPrice({ price: 0, interval: 'month' }, 'INR')).toBe('Free');
    expect(formatPrice({ price: 2499, interval: 'month' }, 'INR')).toBe('₹2,499 / month');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [1024 ** 3, '1 GB'],
    // Just under a unit rounds up into it rather than reading "1024 MB".
    [1024 ** 3 - 1, '1 GB'],
    [1024 ** 2 - 1, '1 MB'],
    [100 * 1024 ** 3, '100 GB'],
    [1024 ** 4, '1 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of up to two words', () => {
    expect(initialsOf('acme research labs')).toBe('AR');
    expect(initialsOf('  Lin  ')).toBe('L');
  });
});
