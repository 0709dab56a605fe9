import { InviteSection } from "../../features/business-portal/components/invite-section";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Invite", "invite");

export default function PortalInvite() {
  return <InviteSection />;
}
