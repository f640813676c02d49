import type { WidgetProps } from '@rjsf/utils';
import { contextOf } from './EditorContext.tsx';
import { getAt, keyOf, type Path } from './model.ts';
import { isObject, type Json } from './yaml/json.ts';

/**
 * A page is named in the menu and again in the footer, often in other words ("Fees", "Fees & Charges"): each is
 * the person's to choose, so renaming one does not rename the other. The words of a menu or footer link say where
 * else the same page is named, with a button to that field.
 */

/** The parts of every page that name pages: the menu and the footer's links, as staff call them. */
const SITE_WIDE: Record<string, string> = { nav: 'the menu', footer: 'the footer' };

interface Named { path: Path; label: string; where: string }

/** Every link of the menu and the footer to `href`, with its words and place. */
function namesOf(doc: Json, href: string): Named[] {
  const out: Named[] = [];
  const walk = (node: Json | undefined, path: Path) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (isObject(node)) {
      if (node.href === href && typeof node.label === 'string') out.push({ path: [...path, 'label'], label: node.label, where: SITE_WIDE[String(path[0])] });
      for (const [key, value] of Object.entries(node)) if (key !== 'href') walk(value, [...path, key]);
    }
  };
  if (isObject(doc)) for (const part of Object.keys(SITE_WIDE)) walk(doc[part], [part]);
  return out;
}

/** The place in the form's data of a field by its id: root_items_5_label -> ['items', 5, 'label']. */
const placeOf = (id: string): Path => id.replace(/^root_?/, '').split('_').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The words of a link (a menu entry, a footer link), with the other places the same page is named. */
export function LinkWordsWidget(props: WidgetProps) {
  const ctx = contextOf(props);
  const Text = props.registry.widgets.TextWidget;
  const here = [...(ctx.here ?? []), ...placeOf(props.id)];
  const link = getAt(ctx.doc, here.slice(0, -1));
  const href = isObject(link) && typeof link.href === 'string' ? link.href : '';
  const others = href && SITE_WIDE[String(here[0])] ? namesOf(ctx.doc, href).filter((n) => keyOf(n.path) !== keyOf(here)) : [];
  return (
    <>
      <Text {...props} />
      {others.length > 0 && (
        <ul className="also-named" id={`${props.id}__also`}>
          {others.map((other) => (
            <li key={keyOf(other.path)}>
              This page is also named "{other.label}" in {other.where}. Renaming it here leaves that name as it is.{' '}
              {ctx.goTo && <button type="button" onClick={() => ctx.goTo?.(other.path)} aria-label={`Go to "${other.label}" in ${other.where}`}>Go to it</button>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
