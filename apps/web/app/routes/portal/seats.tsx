import { SeatsSection } from "../../features/business-portal/components/seats-section";
import { sectionMeta } from "./section-meta";
import { sectionLoader } from "../../features/business-portal/portal-loaders";
import { seatsQuery } from "../../features/business-portal/api";
import { readSeatQuery } from "../../features/business-portal/seat-order";

export const meta = () => sectionMeta("Seats", "seats");

/** The seats as the address asks for them, read beside the business (see portal-loaders.ts). */
export const clientLoader = sectionLoader((client, id, params) =>
  client.prefetchInfiniteQuery(seatsQuery(id, readSeatQuery(params))),
);

export default function PortalSeats() {
  return <SeatsSection />;
}
