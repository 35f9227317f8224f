/** Placeholder: being built. */
export function AccountActivity() {
  return null;
}
