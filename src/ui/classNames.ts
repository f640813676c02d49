/** An element's class attribute from the names that apply (false, '' and undefined left out); none gives no attribute. */
export const classNames = (...names: (string | false | null | undefined)[]): string | undefined =>
  names.filter(Boolean).join(' ') || undefined;
