let loading: Promise<void> | undefined;

/**
 * A prerendered page inlines only its own blocks' rules. A page reached within the site may use other blocks, so it
 * waits for the whole site's stylesheet, which the start element names (scripts/server/boot.ts): it is loaded once,
 * and a page shown after it looks as it does when loaded on its own. A page without that name (the dev server, the
 * editor's preview) has every rule already.
 */
export function wholeStylesheet(): Promise<void> {
  const href = document.querySelector<HTMLElement>('script[data-styles]')?.dataset.styles;
  if (!href) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.onload = () => resolve();
    link.onerror = () => {
      loading = undefined;
      link.remove();
      reject(new Error(`Unable to load the stylesheet ${href}`));
    };
    document.head.append(link);
  });
  return loading;
}
