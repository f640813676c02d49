import { Fragment, useEffect, useState } from 'react';
import { useLayout } from './context.ts';

/**
 * The current year from the visitor's clock. The first render uses the build year so hydration matches the
 * prerendered HTML; an effect then moves it on if the year has turned since the build.
 */
export function useCurrentYear(): number {
  const [year, setYear] = useState(useLayout().buildYear);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

/**
 * A text with {year} in it, the year in an element of its own (data-year): on a prerendered page the page's script
 * of behaviours moves it on (yearNow.ts) once the year has turned since the build.
 */
export function WithYear({ text }: { text: string }) {
  const year = useCurrentYear();
  return text.split('{year}').map((part, i) => <Fragment key={i}>{i > 0 && <span data-year="">{year}</span>}{part}</Fragment>);
}
