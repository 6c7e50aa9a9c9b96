import { avatarColor, initials } from "../lib/initials";
import { AVATAR_COLOURS } from "../styles/palette";

export interface InitialsAvatarProps {
  name: string;
  size?: number;
}

/** A round avatar with the person's initials, drawn locally (no image service, works offline). */
export function InitialsAvatar({ name, size = 30 }: InitialsAvatarProps) {
  const text = initials(name);
  return (
    <svg
      className="eris-avatar"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={`Avatar of ${name}`}
      data-initials={text}
    >
      <circle cx="20" cy="20" r="20" style={{ fill: avatarColor(name, AVATAR_COLOURS) }} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffffff"
        fontSize={text.length > 1 ? 16 : 18}
        fontWeight={600}
        fontFamily="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
      >
        {text}
      </text>
    </svg>
  );
}
