// No imports: the public checkout page reads and writes the portal's sign-in too.

/** Where the portal remembers which businesses its signed-in admin manages (not a secret). */
export const PORTAL_KEY = "serene-portal";
export interface PortalSignIn {
  email: string;
  businesses: { _id: string; name: string }[];
}

export function readPortal(): PortalSignIn | null {
  try {
    return JSON.parse(window.localStorage.getItem(PORTAL_KEY) ?? "null") as PortalSignIn | null;
  } catch {
    return null;
  }
}

export function rememberPortal(signIn: PortalSignIn) {
  window.localStorage.setItem(PORTAL_KEY, JSON.stringify(signIn));
}

export const forgetPortal = () => window.localStorage.removeItem(PORTAL_KEY);

/**
 * After a paid checkout that signed this browser in (its portal cookie is set): the business is
 * remembered with the others already there; its name shows once the portal has read it.
 */
export function rememberPaidBusiness(email: string, businessId: string) {
  const known = readPortal();
  if (known?.businesses.some((b) => b._id === businessId)) return;
  rememberPortal({
    email: known?.email ?? email,
    businesses: [...(known?.businesses ?? []), { _id: businessId, name: "" }],
  });
}
