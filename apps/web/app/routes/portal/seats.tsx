import { SeatsSection } from "../../features/business-portal/components/seats-section";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Seats", "seats");

export default function PortalSeats() {
  return <SeatsSection />;
}
