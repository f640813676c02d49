import { isObject, list, text, type Check } from './context.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An entry whose last day comes before its first: it is never shown, which nobody means. */
export const untilBeforeFrom: Check = (context) => {
  for (const { value, path } of context.values) {
    if (!isObject(value)) continue;
    const [from, until] = [text(value.from), text(value.until)];
    if (from && until && DAY.test(from) && DAY.test(until) && until < from) context.report('UntilBeforeFrom', [...path, 'until'], from, until);
  }
};

/** Days of other hours marked closed all day that also give times: which of the two is meant cannot be told. */
export const closedWithHours: Check = (context) => {
  const hours = isObject(context.data.hours) ? context.data.hours : {};
  list(hours.exceptions).forEach((exception, i) => {
    if (isObject(exception) && exception.closed === true && (exception.opens !== undefined || exception.closes !== undefined)) {
      context.report('ClosedWithHours', ['hours', 'exceptions', i]);
    }
  });
};
