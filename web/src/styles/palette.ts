/**
 * The palette colours TypeScript hands to elements, named after theme.css's custom properties, where
 * the colours are written down (once) with the contrast each keeps.
 */
const themeColour = (name: string) => `var(--eris-${name})`;

/** Open tasks on the calendar: white text reads on each at 4.5:1 or more. */
export const EVENT_COLOURS: readonly string[] = Array.from({ length: 12 }, (_, i) => themeColour(`event-${i + 1}`));

/** Closed tasks and RFPs on the calendar (grey). */
export const CLOSED_EVENT_COLOUR = themeColour("event-closed");

/** Avatars, behind white initials. */
export const AVATAR_COLOURS: readonly string[] = Array.from({ length: 6 }, (_, i) => themeColour(`avatar-${i + 1}`));

/** The spec's primary, for lines and marks in charts. */
export const PRIMARY_COLOUR = themeColour("primary");
