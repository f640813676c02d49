declare module 'virtual:site/layout' {
  const layout: import('../content/model.ts').BrowserLayout;
  export default layout;
}
/** What the open-now line reads of the layout, for a built page's script (src/site/entry-page.ts). */
declare module 'virtual:site/clock' {
  const layout: import('../content/model.ts').ClockLayout;
  export default layout;
}
/** The whole layout, for the prerender's page heads (imported by the server renderer only). */
declare module 'virtual:site/head' {
  const layout: import('../content/model.ts').LayoutData;
  export default layout;
}
declare module 'virtual:site/routes' {
  export const manifest: import('../content/model.ts').RouteManifest;
  export const loaders: Record<string, () => Promise<{ default: import('../content/model.ts').PageData }>>;
  /** In development, which version of site.yaml the dev server had read when it served this module. */
  export const contentVersion: number;
}
declare module 'virtual:site/status' {
  const status: import('../content/previewStatus.ts').PreviewStatus;
  export default status;
}
