import { serializeSiteConfig, SITE_CONFIG_SCRIPT_ID } from "../site-config";
import { useSiteConfig } from "../use-site-config";

/**
 * The config the page was rendered with, as JSON in the page. The API server replaces it (and the
 * values in the HTML) with its configured values; the browser reads it back in `useSiteConfig`.
 */
export function SiteConfigScript() {
  const config = useSiteConfig();
  return (
    <script
      type="application/json"
      id={SITE_CONFIG_SCRIPT_ID}
      dangerouslySetInnerHTML={{ __html: serializeSiteConfig(config) }}
    />
  );
}
