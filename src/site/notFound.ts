/** Said on the console when an address has no page (the attempted path, as the not-found page is shown). */
export function notFoundMessage(pathname: string): string {
  return `Page not found: ${pathname}`;
}
