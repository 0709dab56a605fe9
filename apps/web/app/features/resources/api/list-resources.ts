// Shared with the pickers of other pages (a series' contents): defined once in app/api.
export { listResources, type ResourceListParams } from "../../../api/resources";
