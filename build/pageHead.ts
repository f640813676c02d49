/** The <head> of a prerendered page: its title, description, canonical address, social cards and JSON-LD. */
import type { LayoutData, PageData } from '../src/content/model.ts';
import { documentTitle } from '../src/content/titles.ts';

/** Text made safe inside HTML and its attributes. */
export const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The practice as schema.org sees it, from contact: and hours: in site.yaml. */
export function clinicData(layout: LayoutData): Record<string, unknown> {
  const { site, contact, hours } = layout;
  const home = new URL('/', site.url).href;
  const phone = (digits: string) => `+61 ${contact.areaCode.slice(1)} ${digits}`;
  return {
    '@type': 'MedicalClinic',
    '@id': `${home}#clinic`,
    name: site.name,
    description: site.description,
    url: home,
    logo: new URL(site.logo.src, site.url).href,
    image: new URL(site.logo.src, site.url).href,
    telephone: phone(contact.phone),
    faxNumber: phone(contact.fax),
    email: contact.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address.street,
      addressLocality: contact.address.suburb,
      addressRegion: contact.address.state,
      postalCode: contact.address.postcode,
      addressCountry: 'AU',
    },
    ...(contact.address.mapUrl ? { hasMap: contact.address.mapUrl } : {}),
    openingHoursSpecification: hours.regular.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: range.days.map((day) => `https://schema.org/${day}`),
      // schema.org writes "closed all day" as opening and closing at midnight.
      opens: range.closed ? '00:00' : range.opens,
      closes: range.closed ? '00:00' : range.closes,
    })),
    // The exceptions the build kept (none is over), the days a search engine's card should not show the weekly hours.
    ...(hours.exceptions?.length ? {
      specialOpeningHoursSpecification: hours.exceptions.map((e) => {
        const open = !e.closed && e.opens && e.closes;
        return { '@type': 'OpeningHoursSpecification', validFrom: e.from, validThrough: e.until ?? e.from, opens: open ? e.opens : '00:00', closes: open ? e.closes : '00:00' };
      }),
    } : {}),
  };
}

/** JSON-LD for one page: the clinic on every page, and on a doctor's profile the doctor, working for it. */
export function structuredData(page: PageData, layout: LayoutData): Record<string, unknown> {
  const clinic = clinicData(layout);
  const graph: Record<string, unknown>[] = [clinic];
  if (page.doctor && page.path) {
    const doctor = page.doctor;
    graph.push({
      '@type': ['Physician', 'Person'],
      '@id': `${new URL(page.path, layout.site.url).href}#doctor`,
      name: doctor.name,
      url: new URL(page.path, layout.site.url).href,
      description: doctor.summary,
      hasCredential: doctor.qualifications.split(',').map((q) => q.trim()).filter(Boolean)
        .map((name) => ({ '@type': 'EducationalOccupationalCredential', name })),
      knowsAbout: [...new Set([...doctor.specialties, ...doctor.areas])],
      worksFor: { '@id': clinic['@id'] },
      ...(doctor.image ? { image: new URL(doctor.image.src, layout.site.url).href } : {}),
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** JSON inside <script>: nothing in it may close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function pageTitle(page: PageData, layout: LayoutData): string {
  return documentTitle(page.title, layout.site, layout.buildYear);
}

/** The <head> of one page: title and description from site.yaml, canonical URL, social cards, JSON-LD. */
export function headFor(page: PageData, layout: LayoutData): string {
  const { site } = layout;
  const title = pageTitle(page, layout);
  const url = page.path ? new URL(page.path, site.url).href : null;
  return [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(page.description)}" />`,
    url ? `<link rel="canonical" href="${escape(url)}" />` : '<meta name="robots" content="noindex" />',
    `<meta name="theme-color" content="${escape(site.themeColor)}" />`,
    `<link rel="icon" href="/favicon.ico" sizes="32x32" />`,
    `<link rel="icon" href="${escape(site.logo.src)}" type="${site.logo.src.endsWith('.svg') ? 'image/svg+xml' : 'image/png'}" />`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(site.name)}" />`,
    `<meta property="og:locale" content="${escape(site.language.replace('-', '_'))}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(page.description)}" />`,
    url ? `<meta property="og:url" content="${escape(url)}" />` : '',
    `<meta property="og:image" content="${escape(new URL('/apple-touch-icon.png', site.url).href)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    url ? `<script type="application/ld+json">${scriptJson(structuredData(page, layout))}</script>` : '',
  ].filter(Boolean).join('\n    ');
}
