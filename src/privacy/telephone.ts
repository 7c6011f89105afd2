/** Telephone links and numbers (requirements CL-5, PR-2): the number is never recorded, only that there was one. */
import { INTERNATIONAL_PHONE, NANP_PHONE } from './patterns';
import { REDACTION_MARKER } from './redact';

/** Keeps the tel: scheme so that a redacted telephone link still reads as one in reports. */
export const TELEPHONE_PLACEHOLDER = `tel:${REDACTION_MARKER}`;

/** A tel: href becomes the placeholder; in visible text, each telephone number does. */
export function redactTelephone(value: string): string {
  if (/^\s*tel:/i.test(value)) return TELEPHONE_PLACEHOLDER;
  return value.replace(NANP_PHONE(), `$1${TELEPHONE_PLACEHOLDER}`).replace(INTERNATIONAL_PHONE(), `$1${TELEPHONE_PLACEHOLDER}`);
}
