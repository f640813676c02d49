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

/** Days within which a date typed without its year is taken to be meant: further, the year is not obvious. */
export const OBVIOUS_YEAR_DAYS = 92;

/**
 * The day `day` of `month` nearest to `today` (YYYY-MM-DD), this year's, last year's or next year's, when it is within
 * OBVIOUS_YEAR_DAYS of it: 1 December typed on 6 December is this one, 5 January is the coming one; 10 June is asked.
 */
function nearestYear(month: number, day: number, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  const at = Date.parse(today);
  const near = [year - 1, year, year + 1].map((y) => isoDay(y, month, day)).filter((d): d is string => d !== undefined)
    .map((d) => ({ d, away: Math.abs(Date.parse(d) - at) / 86_400_000 })).sort((a, b) => a.away - b.away)[0];
  return near && near.away <= OBVIOUS_YEAR_DAYS ? near.d : undefined;
}

/**
 * A date as an Australian writes it -> "YYYY-MM-DD" for the file: 28/11/2026, 28.11.2026, 28-11-26, 28 November
 * 2026, Sat 28 Nov 2026, and the file's own 2026-11-28; given `today`, also 28/11 or 28 November when the year is
 * obvious (nearestYear). Undefined for anything else (31/02/2026, 11/28/2026): a date is never guessed.
 */
export function readDate(typed: string, today?: string): string | undefined {
  const t = typed.trim().toLowerCase();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const day = (d: string, m: number, y: string | undefined) => {
    if (y !== undefined) return isoDay(y.length === 2 ? 2000 + Number(y) : Number(y), m, Number(d));
    return today ? nearestYear(m, Number(d), today) : undefined;
  };
  const numbers = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})(?:\s*[/.-]\s*(\d{2}|\d{4}))?$/.exec(t);
  if (numbers) return day(numbers[1], Number(numbers[2]), numbers[3]);
  const words = /^(?:[a-z]+,?\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,})\.?(?:,?\s+(\d{4}))?$/.exec(t);
  if (!words) return undefined;
  const month = MONTHS.findIndex((name) => name.startsWith(words[2]) || (words[2] === 'sept' && name === 'september'));
  return month === -1 ? undefined : day(words[1], month + 1, words[3]);
}

/** Today on this computer, as the file writes a day: what a date typed without its year is read near. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
};

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
  const tidy = (text: string) => (text.trim() ? readDate(text, localToday()) ?? text.trim() : emptied('', options));
  const box = useTypedText<HTMLInputElement>(typeof value === 'string' ? shownDate(value) : '', tidy, onChange);
  return (
    <span className="date">
      <input id={id} type="text" autoComplete="off" size={16} placeholder="28/11/2026" required={required} {...box}
        aria-describedby={`${id}__hint ${id}__error ${id}__description`} />
      <span className="field-hint" id={`${id}__hint`}>Day, month and year, e.g. 28/11/2026 or 28 November 2026</span>
    </span>
  );
}
