import { useEffect, useRef, useState, type ChangeEvent } from 'react';

/**
 * The text of a box that tidies what is typed ("85" is kept as "$85.00"): while the person types, the box holds
 * exactly what they typed and each keystroke reports the tidy value; re-filling the box from that value would
 * put "8.00" back after the first digit. Leaving the box shows the value as kept (`shown`, "85.00"), and reports
 * nothing more: the value was reported with the last keystroke, and one changed elsewhere meanwhile (another
 * program, a colleague's version brought in) is not written over. It shows whenever the box is not being typed in.
 */
export function useTypedText<E extends HTMLInputElement | HTMLTextAreaElement>(
  shown: string, tidy: (text: string) => string | undefined, onChange: (value: string | undefined) => void,
) {
  const [text, setText] = useState(shown);
  const typing = useRef(false);
  useEffect(() => { if (!typing.current) setText(shown); }, [shown]);
  return {
    value: text,
    onFocus: () => { typing.current = true; },
    onChange: (e: ChangeEvent<E>) => { setText(e.target.value); onChange(tidy(e.target.value)); },
    onBlur: () => {
      typing.current = false;
      setText(shown);
    },
  };
}

/** Dollars and cents as typed ("85", "$1,200.5") -> "$85.00"; anything else is kept as typed, for the checker to name. */
export function tidyMoney(typed: string): string {
  const t = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{0,2})?$/.test(t) ? `$${Number(t).toFixed(2)}` : `$${t}`;
}

/**
 * A time as typed -> "HH:MM" (24-hour): "17:30", "9:30", "1730", "5:30 pm", "5pm". A time that does not exist
 * ("25:00", "2500") or is not finished ("17:3") is kept exactly as typed: never read as some other, valid time.
 */
export function tidyTime(typed: string): string {
  const t = typed.trim();
  const m = /^(\d{1,2}):(\d{2})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  const ampm = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(t);
  const two = (n: number) => String(n).padStart(2, '0');
  if (m && Number(m[1]) <= 23 && Number(m[2]) <= 59) return `${two(Number(m[1]))}:${m[2]}`;
  if (ampm && Number(ampm[1]) >= 1 && Number(ampm[1]) <= 12 && Number(ampm[2] ?? 0) <= 59) {
    const hour = (Number(ampm[1]) % 12) + (ampm[3].toLowerCase() === 'p' ? 12 : 0);
    return `${two(hour)}:${ampm[2] ?? '00'}`;
  }
  return t;
}
