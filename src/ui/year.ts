import { useEffect, useState } from 'react';
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

export function withYear(text: string, year: number): string {
  return text.replaceAll('{year}', () => String(year));
}
