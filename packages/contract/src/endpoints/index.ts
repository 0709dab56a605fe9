// Every endpoint of the API, declared once (see ../endpoint.ts): plain data, no zod.
import { accountsEndpoints } from "./accounts.ts";
import { activityEndpoints } from "./activity.ts";
import { appManagementEndpoints } from "./app-management.ts";
import { authEndpoints } from "./auth.ts";
import { businessesEndpoints } from "./businesses.ts";
import { catalogueEndpoints } from "./catalogue.ts";
import { dashboardEndpoints } from "./dashboard.ts";
import { entitlementEndpoints } from "./entitlement.ts";
import { habitEndpoints } from "./habit.ts";
import { healthEndpoints } from "./health.ts";
import { hostContentEndpoints } from "./host-content.ts";
import { hostsEndpoints } from "./hosts.ts";
import { interestsEndpoints } from "./interests.ts";
import { listeningEndpoints } from "./listening.ts";
import { mediaEndpoints } from "./media.ts";
import { messagesEndpoints } from "./messages.ts";
import { portalEndpoints } from "./portal.ts";
import { purchasesEndpoints } from "./purchases.ts";
import { resourcesEndpoints } from "./resources.ts";
import { seriesEndpoints } from "./series.ts";
import { siteEndpoints } from "./site.ts";
import { staffEndpoints } from "./staff.ts";
import { supportEndpoints } from "./support.ts";
import { trashEndpoints } from "./trash.ts";
import { usersEndpoints } from "./users.ts";

export { accountsEndpoints };
export { activityEndpoints };
export { appManagementEndpoints };
export { authEndpoints };
export { businessesEndpoints };
export { catalogueEndpoints };
export { dashboardEndpoints };
export { entitlementEndpoints };
export { habitEndpoints };
export { healthEndpoints };
export { hostContentEndpoints };
export { hostsEndpoints };
export { interestsEndpoints };
export { listeningEndpoints };
export { mediaEndpoints };
export { messagesEndpoints };
export { portalEndpoints };
export { purchasesEndpoints };
export { resourcesEndpoints };
export { seriesEndpoints };
export { siteEndpoints };
export { staffEndpoints };
export { supportEndpoints };
export { trashEndpoints };
export { usersEndpoints };

/** The endpoints by area: `endpoints.users.list`. */
export const endpoints = {
  accounts: accountsEndpoints,
  activity: activityEndpoints,
  appManagement: appManagementEndpoints,
  auth: authEndpoints,
  businesses: businessesEndpoints,
  catalogue: catalogueEndpoints,
  dashboard: dashboardEndpoints,
  entitlement: entitlementEndpoints,
  habit: habitEndpoints,
  health: healthEndpoints,
  hostContent: hostContentEndpoints,
  hosts: hostsEndpoints,
  interests: interestsEndpoints,
  listening: listeningEndpoints,
  media: mediaEndpoints,
  messages: messagesEndpoints,
  portal: portalEndpoints,
  purchases: purchasesEndpoints,
  resources: resourcesEndpoints,
  series: seriesEndpoints,
  site: siteEndpoints,
  staff: staffEndpoints,
  support: supportEndpoints,
  trash: trashEndpoints,
  users: usersEndpoints,
};
