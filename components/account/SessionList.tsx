/** Placeholder: being built. */
export function SessionList() {
  return null;
}
