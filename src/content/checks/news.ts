import { isOldNews, OLD_AFTER_MONTHS } from '../news.ts';
import { isObject, list, text, type Check } from './context.ts';

/**
 * A news list that still shows an old item (older than its oldAfterMonths): a warning, since staff may mean to keep
 * it. A list set to leave out old items (leaveOutOld) is never warned about: the build leaves them out.
 */
export const oldNews: Check = (context) => {
  const dates = new Map<string, string>();
  const entities = isObject(context.data.entities) ? context.data.entities : {};
  for (const item of list(entities.news)) {
    if (isObject(item) && text(item.id) && text(item.date)) dates.set(text(item.id)!, text(item.date)!);
  }
  const now = new Date();
  list(context.data.pages).forEach((page, p) => {
    if (!isObject(page)) return;
    list(page.blocks).forEach((block, b) => {
      if (!isObject(block) || block.type !== 'news-list' || block.leaveOutOld === true) return;
      const months = typeof block.oldAfterMonths === 'number' ? block.oldAfterMonths : OLD_AFTER_MONTHS;
      list(block.items).forEach((id, i) => {
        const date = typeof id === 'string' ? dates.get(id) : undefined;
        if (date && isOldNews(date, months, now)) context.report('OldNews', ['pages', p, 'blocks', b, 'items', i], id as string, date, months);
      });
    });
  });
};
