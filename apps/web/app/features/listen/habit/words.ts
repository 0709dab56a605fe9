import type { SessionSummary, TodayReason } from "@serene/contract";

/** "1 day in a row", "4 days in a row". */
export const streakWords = (days: number) => `${days} ${days === 1 ? "day" : "days"} in a row`;

/**
 * "Under a minute", "1 minute", "12 minutes": the one way the app writes listening time (History,
 * Stats, Today, the session summary), in whole minutes.
 */
export const minutesWords = (minutes: number) =>
  minutes < 1 ? "Under a minute" : `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;

/** Seconds listened as whole minutes, counted as the API counts its minutes (started ones left out). */
export const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/**
 * The Today card's facts, agreeing with each other: what was listened today, whether the day is
 * done (a counted play), and the streak: with today once done, else the one that ran to yesterday
 * (left out when the listener hid streaks).
 */
export function todayFigures(
  minutesToday: number,
  streak: { current: number; todayDone: boolean },
  showStreak = true,
): string {
  const listened = minutesToday > 0 ? `${minutesWords(minutesToday)} today` : null;
  if (streak.todayDone)
    return [listened ?? "Listened today", "Done for today", showStreak && streakWords(streak.current)]
      .filter(Boolean)
      .join(" · ");
  return [
    listened ?? "Nothing played yet today",
    showStreak && streak.current > 0 && `${streakWords(streak.current)} until yesterday`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Why today's pick was chosen, as a listener reads it. */
export function reasonWords(reason: TodayReason | null, interest: string | undefined): string {
  switch (reason) {
    case "mood":
      return "Chosen for how you said you feel";
    case "interest":
      return interest ? `Chosen from your interest in ${interest}` : "Chosen from your interests";
    case "new":
      return "New in Serene this month";
    case "popular":
      return "A favourite of many listeners";
    default:
      return "Chosen for you today";
  }
}

/** How the listener felt after, compared with before: kind words, never a score. */
export const moodLiftWords: Record<NonNullable<SessionSummary["moodLift"]>, string> = {
  improved: "You feel better than when you started.",
  same: "You feel about the same as when you started.",
  worse: "Some days are harder. Thank you for taking this moment.",
};
