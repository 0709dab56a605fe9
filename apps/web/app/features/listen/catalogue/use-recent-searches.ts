import { useLocalStorage } from "@mantine/hooks";

const MAX_RECENT = 6;

/**
 * The listener's last searches, on this device only (localStorage), newest first, each once
 * whatever its letter case; `clear` forgets them all.
 */
export function useRecentSearches() {
  const [recent, setRecent] = useLocalStorage<string[]>({
    key: "serene-listen-recent-searches",
    defaultValue: [],
    getInitialValueInEffect: true,
  });
  const remember = (query: string) => {
    const q = query.trim();
    if (q.length < 2) return;
    setRecent((list) => [q, ...list.filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, MAX_RECENT));
  };
  return { recent, remember, clear: () => setRecent([]) };
}
