import { cents, formatCents } from '../money.ts';
import { isAustralianPhone } from '../phone.ts';
import { parsePointer } from '../pointer.ts';
import { isObject, text, type Check } from './context.ts';

/** Every phone number the schema marks (keyword phoneNumber) is an Australian number a tel: link can dial. */
export const phoneNumbers: Check = (context) => {
  for (const phone of context.collected.phones) {
    if (!isAustralianPhone(phone.value)) context.report('BadPhone', parsePointer(phone.pointer), phone.value);
  }
};

/** No price is below its rebate, and a typed out-of-pocket amount equals price minus rebate (the site works it out; a typed one must agree). */
export const feeSums: Check = (context) => {
  for (const { value, path } of context.values) {
    if (!isObject(value)) continue;
    const rebate = text(value.medicareRebate);
    for (const [amountField, field] of [['price', 'outOfPocket'], ['pensionerPrice', 'outOfPocketPensioner']] as const) {
      const amount = text(value[amountField]);
      const given = text(value[field]);
      if (amount === undefined || rebate === undefined) continue;
      const [a, r] = [cents(amount), cents(rebate)];
      if (a === null || r === null) continue;
      if (a < r) context.report('FeeBelowRebate', [...path, amountField], amount, rebate);
      const g = given === undefined ? null : cents(given);
      if (given !== undefined && g !== null && a - r !== g) context.report('OutOfPocketMismatch', [...path, field], given, amount, rebate, formatCents(a - r));
    }
  }
};

/** As the schema's pattern: 24:00 is midnight at the end of a day; 24:01 and later are no time at all. */
const TIME = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;

/** Any list of hours: a range closes after it opens ("HH:MM" compares as text). */
export const openingTimes: Check = (context) => {
  for (const { value, path } of context.values) {
    if (!isObject(value)) continue;
    const opens = text(value.opens);
    const closes = text(value.closes);
    if (opens && closes && TIME.test(opens) && TIME.test(closes) && closes <= opens) context.report('ClosesBeforeOpens', [...path, 'closes'], opens, closes);
  }
};

/** Today's hours are worked out by the practice's clock: they need its time zone, and a zone browsers know. */
export const timeZone: Check = (context) => {
  const hours = context.data.hours;
  if (!isObject(hours)) return;
  const zone = text(hours.timeZone);
  if (zone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
    } catch {
      context.report('UnknownTimeZone', ['hours', 'timeZone'], zone);
    }
  } else if (isObject(hours.today)) context.report('TodayNeedsTimeZone', ['hours', 'today']);
};
