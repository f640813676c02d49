/** The site's validator, precompiled when the editor is built (scripts/editor/previewPlugin.ts). */
declare module 'virtual:preview/validate' {
  const validate: import('../../content/previewCompile.ts').PrecompiledValidate;
  export default validate;
}
/** The icons each block type's component draws by name, read from the schema when the editor is built. */
declare module 'virtual:preview/facts' {
  export const drawsIcons: ReadonlyMap<string, string[]>;
}
