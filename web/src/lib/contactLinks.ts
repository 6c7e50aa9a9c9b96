const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A `tel:` address for a phone number as typed: digits and a leading + only, the extension left
 * out ("(215) 555-0100 x12" -> "tel:2155550100"); null when the text is not a phone number.
 */
export function telHref(phone: string): string | null {
  const main = phone.split(/\s*(?:x|ext\.?)\s*\d+\s*$/i)[0];
  if (!/^[\d\s()+.-]+$/.test(main.trim())) {
    return null;
  }
  const digits = main.replace(/[^\d+]/g, "");
  return digits.replace(/\D/g, "").length >= 7 ? `tel:${digits}` : null;
}

/** Where a contact detail leads: an e-mail address to mailto:, a phone number to tel:, anything else nowhere. */
export function contactHref(text: string): string | null {
  const value = text.trim();
  if (EMAIL_SHAPE.test(value)) {
    return `mailto:${value}`;
  }
  return telHref(value);
}
