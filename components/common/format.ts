const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "just now", "5 min ago", "3 h ago", then the date: recent work reads as recent. */
export function formatWhen(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return dateFormat.format(at);
}

export const formatDateTime = (iso: string) => dateTimeFormat.format(Date.parse(iso));

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Money in the Indian format the product uses (₹1,00,000), with paise only when there are some (₹12.50). */
export function formatCurrency(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' }).format(amount);
}

/** A plan's price: "Free", or "₹2,499 / month". */
export const formatPrice = (plan: { price: number; interval: string }, currency: string): string =>
  plan.price === 0 ? 'Free' : `${formatCurrency(plan.price, currency)} / ${plan.interval}`;

/** The first letters of up to two words, for avatars. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
