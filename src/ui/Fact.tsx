import type { Fact as FactName } from '../generated/site.ts';
import type { ShownException, ShownRange } from '../content/model.ts';
import { useEnded } from './Until.tsx';
import { useLayout } from './context.ts';
import { SmartLink } from './SmartLink.tsx';
import { formatRange } from './time.ts';
import { telHref } from '../content/phone.ts';

/** An exception on its days, first: today's hours before the weekly ones. Hidden once over, on a page built before. */
function ExceptionLine({ line }: { line: ShownException }) {
  const { amPm, clock } = useLayout().hours;
  const ended = useEnded(line.until, clock?.zone);
  return (
    <div data-until={line.until} style={ended}>
      <dt>{line.label}</dt>
      <dd>{formatRange(line, amPm) || null}</dd>
    </div>
  );
}

function Ranges({ ranges, exceptions = [] }: { ranges: ShownRange[]; exceptions?: ShownException[] }) {
  const { amPm } = useLayout().hours;
  return (
    <dl className="hours">
      {exceptions.map((e) => <ExceptionLine key={e.label} line={e} />)}
      {ranges.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd>{r.closed ? null : formatRange(r, amPm)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The details the site's footer shows on every page (site/layout/Footer.tsx). A block that ends a page, just above
 * the footer, leaves these out: the same address or e-mail twice in a row.
 */
export const FOOTER_FACTS: readonly FactName[] = ['address', 'phone', 'fax', 'email', 'opening-hours', 'emergency'];

/** One practice detail, written once in site.yaml (contact:, hours:) and shown wherever a block asks for it. */
export function Fact({ name, withLabel = false }: { name: FactName; withLabel?: boolean }) {
  const { contact, hours } = useLayout();
  const label = (text: string) => (withLabel ? <span className="fact-label">{text}: </span> : null);
  switch (name) {
    case 'opening-hours':
      return <><Ranges ranges={hours.regular} exceptions={hours.exceptions} />{hours.note && <p className="fact-note">{hours.note}</p>}</>;
    case 'after-hours':
      return <><Ranges ranges={hours.afterHours} />{hours.afterHoursNote && <p className="fact-note">{hours.afterHoursNote}</p>}</>;
    case 'phone':
      return <p>{label(contact.labels.phone)}<a href={telHref(contact.phone, contact.areaCode)}>{contact.phone}</a></p>;
    case 'fax':
      return <p>{label(contact.labels.fax)}{contact.fax}</p>;
    case 'email': {
      // A long address may wrap after its @, never inside a word (the stylesheet breaks anywhere only as a last resort).
      const at = contact.email.indexOf('@') + 1;
      return <p>{label(contact.labels.email)}<a href={`mailto:${contact.email}`}>{contact.email.slice(0, at)}<wbr />{contact.email.slice(at)}</a></p>;
    }
    case 'address': {
      const a = contact.address;
      const text = <>{a.street}<br />{a.suburb} {a.state} {a.postcode}</>;
      return <address>{label(contact.labels.address)}{a.mapUrl ? <SmartLink href={a.mapUrl} newTab>{text}</SmartLink> : text}</address>;
    }
    case 'emergency':
      return <p>{contact.labels.emergency} <a className="fact-strong" href={`tel:${contact.emergency}`}>{contact.emergency}</a></p>;
    case 'after-hours-gp':
    case 'mental-health-line': {
      const line = name === 'after-hours-gp' ? contact.afterHoursGp : contact.mentalHealthLine;
      return <p>{line.name}: <a className="fact-strong" href={telHref(line.phone)}>{line.phone}</a>{line.note && <><br /><span className="fact-note">{line.note}</span></>}</p>;
    }
  }
}
