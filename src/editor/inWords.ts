/**
 * Words of a page's address and title as staff read them: a page made for each doctor by what it is, not by its
 * pattern (/doctors/:slug, {name}); {year} as the site shows it, this year.
 */
export function inWords(text: string): string {
  return text.replaceAll('{year}', String(new Date().getFullYear())).replace(/\/:[A-Za-z]+/g, '/…').replace(/\{[A-Za-z]+\}/g, '…');
}
