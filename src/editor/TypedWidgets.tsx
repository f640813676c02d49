import type { WidgetProps } from '@rjsf/utils';
import { emptied } from './EditorContext.tsx';
import { tidyMoney, tidyTime, useTypedText } from './typedText.ts';

/**
 * Boxes that read what staff type in their own way and keep it as the file writes it: a time (17:30), money
 * ($80.00), a date (2026-11-28). What cannot be read is kept as typed, and the checker names it at the field.
 */

/**
 * A time of day typed in a text box, kept as "HH:MM" (24-hour) in the file. Not the browser's time input: that one
 * shows AM/PM in most locales, beside a label saying 24-hour, and fills a typed "2500" in as 2:50 PM. Here an
 * impossible time stays as typed and the checker names the problem at this field.
 */
export function TimeWidget(props: WidgetProps) {
  const { id, value, onChange, required, options } = props;
  const tidy = (text: string) => emptied(tidyTime(text), options);
  const box = useTypedText<HTMLInputElement>(typeof value === 'string' ? value : '', tidy, onChange);
  return (
    <span className="time">
      <input id={id} type="text" autoComplete="off" size={8} placeholder="17:30" required={required} {...box}
        aria-describedby={`${id}__hint ${id}__error ${id}__description`} />
      <span className="field-hint" id={`${id}__hint`}>24-hour, e.g. 17:30</span>
    </span>
  );
}

/** Money as dollars and cents: type 80 or 80.5, it is kept as "$80.00" / "$80.50". */
export function MoneyWidget(props: WidgetProps) {
  const { id, value, onChange, required, options } = props;
  const tidy = (text: string) => (text.trim() ? tidyMoney(text) : emptied('', options));
  const box = useTypedText<HTMLInputElement>(typeof value === 'string' ? value.replace(/^\$/, '') : '', tidy, onChange);
  return (
    <span className="money">
      <span aria-hidden="true">$</span>
      <input id={id} type="text" inputMode="decimal" required={required} {...box} aria-describedby={`${id}__error ${id}__description`} />
    </span>
  );
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const two = (n: number) => String(n).padStart(2, '0');

/** The day as the file keeps it ("2026-11-28"), if it exists. */
function isoDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${two(month)}-${two(day)}`;
}

/**
 * A date as an Australian writes it -> "YYYY-MM-DD" for the file: 28/11/2026, 28.11.2026, 28-11-26, 28 November
 * 2026, Sat 28 Nov 2026, and the file's own 2026-11-28. Undefined for anything else (31/02/2026, 28/11, 11/28/2026):
 * a date is never guessed.
 */
export function readDate(typed: string): string | undefined {
  const t = typed.trim().toLowerCase();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numbers = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/.exec(t);
  const year = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));
  if (numbers) return isoDay(year(numbers[3]), Number(numbers[2]), Number(numbers[1]));
  const words = /^(?:[a-z]+,?\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,})\.?,?\s+(\d{4})$/.exec(t);
  if (!words) return undefined;
  const month = MONTHS.findIndex((name) => name.startsWith(words[2]) || (words[2] === 'sept' && name === 'september'));
  return month === -1 ? undefined : isoDay(Number(words[3]), month + 1, Number(words[1]));
}

/** A date of the file as the box shows it: "2026-11-28" -> "28/11/2026"; anything else as it is. */
export function shownDate(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return iso && isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

/**
 * A date typed and shown day first (28/11/2026), kept as 2026-11-28. Not the browser's date input: its picker shows
 * the browser's order (mm/dd/yyyy in an American one) and reads 28/11/2026 as something else.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, required, options } = props;
  const tidy = (text: string) => (text.trim() ? readDate(text) ?? text.trim() : emptied('', options));
  const box = useTypedText<HTMLInputElement>(typeof value === 'string' ? shownDate(value) : '', tidy, onChange);
  return (
    <span className="date">
      <input id={id} type="text" autoComplete="off" size={16} placeholder="28/11/2026" required={required} {...box}
        aria-describedby={`${id}__hint ${id}__error ${id}__description`} />
      <span className="field-hint" id={`${id}__hint`}>Day, month and year, e.g. 28/11/2026 or 28 November 2026</span>
    </span>
  );
}
