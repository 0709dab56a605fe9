import "./chart.css";
export const chart = globalThis.location?.href ?? "bars";
