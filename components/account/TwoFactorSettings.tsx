/** Placeholder: being built. */
export function TwoFactorSettings() {
  return null;
}
