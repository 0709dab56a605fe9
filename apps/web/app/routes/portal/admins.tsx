import { AdminsSection } from "../../features/business-portal/components/admins-section";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Admins", "admins");

export default function PortalAdmins() {
  return <AdminsSection />;
}
