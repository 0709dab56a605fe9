import type { ReactNode } from "react";
import type { TopicIconName } from "../showcase";

const shapes: Record<TopicIconName, ReactNode> = {
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </>
  ),
  breath: <path d="M3 9h10.5a3 3 0 1 0-3-3M3 15h14a3 3 0 1 1-3 3M3 12h6" />,
  moon: <path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a6.8 6.8 0 0 0 10.5 10.5z" />,
  drop: <path d="M12 3.5c3.6 4.3 6 7.5 6 10.5a6 6 0 0 1-12 0c0-3 2.4-6.2 6-10.5z" />,
  flame: (
    <path d="M12 3c.8 3.7 5 5.6 5 10.3a5 5 0 0 1-10 0c0-2.6 1.3-4.2 2.6-5.3.2 1.9 1 3 2.1 3.4C11 8.8 11 6 12 3z" />
  ),
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="2.8" />
    </>
  ),
  sprout: (
    <path d="M12 21v-9M12 12C12 8 9.5 5.5 5 5.5 5 9.5 7.5 12 12 12zM12 14.5c0-3.6 2.4-6.5 7-6.5 0 3.6-2.4 6.5-7 6.5z" />
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3.5 19.5a5.5 5.5 0 0 1 11 0" />
      <circle cx="17" cy="9.5" r="2.3" />
      <path d="M15.6 14.6a4.3 4.3 0 0 1 5.4 4.4" />
    </>
  ),
  leaf: <path d="M5 19C5 10.5 10.5 5 19.5 4.5 19 13.5 13.5 19 5 19zM5 19l8-8" />,
  target: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="4.5" />
      <circle cx="12" cy="12" r="0.8" fill="currentColor" />
    </>
  ),
};

/** A topic's line icon, drawn in the current text colour. Decorative: the topic's name says it. */
export function TopicIcon({ name, size = 24 }: { name: TopicIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[name]}
    </svg>
  );
}
