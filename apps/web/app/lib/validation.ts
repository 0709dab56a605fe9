/** A plausible e-mail address (the server checks it properly): something@domain.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/**
 * What is wrong with an e-mail field of a public form, if anything: missing ("Please provide
 * your email address", the spec's words) or not an address (`example` shows the expected shape).
 */
export function emailProblem(value: string, example = "name@example.com"): string | undefined {
  if (!value) return "Please provide your email address";
  return isEmailAddress(value) ? undefined : `Please provide a valid email address, like ${example}`;
}
