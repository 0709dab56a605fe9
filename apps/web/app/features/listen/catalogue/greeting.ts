/** The home's greeting at this hour of the day. */
export function greeting(hour = new Date().getHours()) {
  if (hour < 5 || hour >= 18) return "Good evening";
  return hour < 12 ? "Good morning" : "Good afternoon";
}
