/**
 * A user's name as the back office shows it: the username, with the last name after it unless the
 * username already ends with it ("liam.walker" and "Walker" read "liam.walker", not "liam.walker Walker").
 */
export function userName({ username, lastName }: { username: string; lastName?: string | null }): string {
  const last = lastName?.trim();
  if (!last) return username;
  return username.toLowerCase().endsWith(last.toLowerCase()) ? username : `${username} ${last}`;
}
