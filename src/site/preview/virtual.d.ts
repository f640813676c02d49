/** The icons each block type's component draws by name, read from the schema when the editor is built. */
declare module 'virtual:preview/facts' {
  export const drawsIcons: ReadonlyMap<string, string[]>;
}
