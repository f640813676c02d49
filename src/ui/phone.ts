/** tel: link for a number as written on the site; local 8-digit numbers get the practice's area code. */
export function telHref(number: string, areaCode?: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length === 8 && areaCode) return `tel:+61${areaCode.slice(1)}${digits}`;
  if (digits.length === 10 && digits.startsWith('0') && !/^1[38]/.test(digits)) return `tel:+61${digits.slice(1)}`;
  return `tel:${digits}`;
}
