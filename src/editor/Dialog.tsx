import { useEffect, useRef, type ReactNode } from 'react';

/** A modal dialog (the browser's own: focus stays inside, Escape closes it). */
export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} aria-labelledby="dialog-title" onClose={onClose} onCancel={onClose}>
      <h2 id="dialog-title">{title}</h2>
      {children}
      <button type="button" className="close" onClick={onClose}>Close</button>
    </dialog>
  );
}
