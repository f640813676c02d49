import { isOldNews, OLD_AFTER_MONTHS } from '../news.ts';
import { isObject, list, text, type Check } from './context.ts';

/**
 * A news list that still shows an old item (older than its oldAfterMonths): a warning, since staff may mean to keep
 * it. A list set to leave out old items (leaveOutOld) is never warned about: the build leaves them out.
 */
export const oldNews: Check = (context) => {
  const dates = new Map<string, string>();
  const places = new Map<string, number>();
  const entities = isObject(context.data.entities) ? context.data.entities : {};
  list(entities.news).forEach((item, n) => {
    if (isObject(item) && text(item.id) && text(item.date)) {
      dates.set(text(item.id)!, text(item.date)!);
      places.set(text(item.id)!, n);
    }
  });
  const { now } = context;
  list(context.data.pages).forEach((page, p) => {
    if (!isObject(page)) return;
    list(page.blocks).forEach((block, b) => {
      if (!isObject(block) || block.type !== 'news-list' || block.leaveOutOld === true) return;
      const months = typeof block.oldAfterMonths === 'number' ? block.oldAfterMonths : OLD_AFTER_MONTHS;
      list(block.items).forEach((id, i) => {
        const date = typeof id === 'string' ? dates.get(id) : undefined;
        if (!date || !isOldNews(date, months, now)) return;
        // A list that keeps itself has no entry to take off: the item itself is taken down, or old ones left out.
        if (context.automatic.blocks.has(`pages.${p}.blocks.${b}`)) context.report('OldNewsShownNewest', ['entities', 'news', places.get(id as string)!], id as string, date, months);
        else context.report('OldNews', ['pages', p, 'blocks', b, 'items', i], id as string, date, months);
      });
    });
  });
};
