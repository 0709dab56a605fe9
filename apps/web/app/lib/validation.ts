/** A plausible e-mail address (the server checks it properly): something@domain.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
