/**
 * Text that may wrap after any of `marks` (an opportunity the browser takes only when the line is full): a column
 * heading after the slash of 'Pensioner/HCC', an address after its '@' and dots, never inside a word.
 */
export function BreakAfter({ text, marks }: { text: string; marks: string }) {
  const parts = text.split(new RegExp(`(?<=[${marks.replace(/[\\\]^-]/g, '\\$&')}])`));
  return <>{parts.map((part, i) => <span key={i}>{i > 0 && <wbr />}{part}</span>)}</>;
}
