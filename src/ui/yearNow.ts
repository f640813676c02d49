/** Each year written by WithYear (year.tsx), moved on to the visitor's year. No React: static pages run it. */
export function enhanceYears(doc: Document): void {
  const year = String(new Date().getFullYear());
  for (const element of doc.querySelectorAll('[data-year]')) if (element.textContent !== year) element.textContent = year;
}
