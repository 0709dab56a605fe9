import { Anchor } from "@mantine/core";
import { Link } from "react-router";

// A web address in a message: up to a space, not ending with the punctuation of its sentence.
const ADDRESS = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'])/;

/**
 * A message's plain text with its web addresses as links: one of this site opens in the app
 * (a /listen page without reloading it), any other in a new tab.
 */
export function LinkedText({ text }: { text: string }) {
  return text.split(ADDRESS).map((part, index) => {
    if (index % 2 === 0 || !URL.canParse(part)) return part;
    const url = new URL(part);
    if (url.origin === window.location.origin && url.pathname.startsWith("/listen")) {
      return (
        <Anchor
          key={index}
          component={Link}
          to={`${url.pathname}${url.search}${url.hash}`}
          underline="always"
        >
          {part}
        </Anchor>
      );
    }
    return (
      <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer" underline="always">
        {part}
      </Anchor>
    );
  });
}
