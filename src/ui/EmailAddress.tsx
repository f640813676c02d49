/** An e-mail address that, when it must wrap, wraps after the @ rather than in the middle of a word. */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <>{address}</>;
  return <>{address.slice(0, at)}@<wbr />{address.slice(at + 1)}</>;
}
