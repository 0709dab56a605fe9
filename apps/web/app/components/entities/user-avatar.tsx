import { Avatar } from "@mantine/core";
import type { User } from "@serene/contract";

/** A user's picture, or their initials when they have none. */
export function UserAvatar({ user, size = 36 }: { user: Pick<User, "image" | "username">; size?: number }) {
  return <Avatar src={user.image} alt="" name={user.username} color="initials" radius="xl" size={size} />;
}
