import { HANDLE_MAX } from '@/lib/validation/fields';

/** A handle derived from a hub name: "Acme Research Ltd." → "acme-research-ltd". */
export function suggestHandle(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX)
    .replace(/-+$/, '');
}
