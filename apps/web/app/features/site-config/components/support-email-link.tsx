import { useSiteConfig } from "../use-site-config";

/** The support address as a mailto link (from the site's configuration). */
export function SupportEmailLink() {
  const { supportEmail } = useSiteConfig();
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}
