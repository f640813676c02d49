declare module 'virtual:site/layout' {
  const layout: import('../content/model.ts').LayoutData;
  export default layout;
}
declare module 'virtual:site/routes' {
  export const manifest: import('../content/model.ts').RouteManifest;
  export const loaders: Record<string, () => Promise<{ default: import('../content/model.ts').PageData }>>;
}
declare module 'virtual:site/status' {
  const status: import('../content/previewStatus.ts').PreviewStatus;
  export default status;
}
