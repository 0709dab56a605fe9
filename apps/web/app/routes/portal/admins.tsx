import { AdminsSection } from "../../features/business-portal/components/admins-section";
import { sectionMeta } from "./section-meta";
import { sectionLoader } from "../../features/business-portal/portal-loaders";
import { adminsQuery } from "../../features/business-portal/api";

export const meta = () => sectionMeta("Admins", "admins");

/** The admins, read beside the business (see portal-loaders.ts). */
export const clientLoader = sectionLoader((client, id) => client.prefetchQuery(adminsQuery(id)));

export default function PortalAdmins() {
  return <AdminsSection />;
}
