/** Phone numbers: pure, so the checker, the prerender and the browser share them. */
/** tel: link for a number as written on the site; local 8-digit numbers get the practice's area code. */
export function telHref(number: string, areaCode?: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length === 8 && areaCode) return `tel:+61${areaCode.slice(1)}${digits}`;
  if (digits.length === 10 && digits.startsWith('0') && !/^1[38]/.test(digits)) return `tel:+61${digits.slice(1)}`;
  return `tel:${digits}`;
}

/** Australian numbers as people write them: local 8 digits, 0X plus 8, +61, 1800/1300, 13 xx xx, 000. */
export function isAustralianPhone(value: string): boolean {
  if (!/^[0-9+()\s.-]+$/.test(value)) return false;
  const digits = value.replace(/[\s().-]/g, '');
  return /^(\+61[2-478][0-9]{8}|0[2-478][0-9]{8}|[2-9][0-9]{7}|1[38]00[0-9]{6}|13[0-9]{4}|000|112|106)$/.test(digits);
}
