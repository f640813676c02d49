import { cents, formatCents } from '../money.ts';
import { isAustralianPhone } from '../phone.ts';
import { isObject, text, walk, type Check } from './context.ts';

const PHONE_KEYS = /^(phone|fax)$/i;

/** Numbers under a phone or fax key look Australian (a label such as 'Phone (mobile)' is words, and is left alone). */
export const phoneNumbers: Check = (context) => {
  for (const { value, path } of walk(context.data)) {
    const key = path[path.length - 1];
    if (typeof value === 'string' && typeof key === 'string' && PHONE_KEYS.test(key) && /^[0-9+()\s.-]+$/.test(value) && /[0-9]/.test(value) && !isAustralianPhone(value)) {
      context.report('BadPhone', path, value);
    }
  }
};

/** A typed out-of-pocket amount equals price minus rebate (the site works it out; a typed one must agree). */
export const feeSums: Check = (context) => {
  for (const { value, path } of walk(context.data)) {
    if (!isObject(value)) continue;
    const rebate = text(value.medicareRebate);
    for (const [amountField, field] of [['price', 'outOfPocket'], ['pensionerPrice', 'outOfPocketPensioner']] as const) {
      const amount = text(value[amountField]);
      const given = text(value[field]);
      if (amount === undefined || rebate === undefined || given === undefined) continue;
      const [a, r, g] = [cents(amount), cents(rebate), cents(given)];
      if (a === null || r === null || g === null) continue;
      if (a - r !== g) context.report('OutOfPocketMismatch', [...path, field], given, amount, rebate, formatCents(a - r));
    }
  }
};
