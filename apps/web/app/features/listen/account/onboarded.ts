/** Set once the listener has seen the welcome (mood and interests), even if they chose nothing there. */
export const ONBOARDED_KEY = "serene-listen-onboarded";
