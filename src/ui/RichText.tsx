/** HTML that was rendered from markdown and sanitised at build time (src/content/markdown.ts and compile.ts). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={['prose', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}
