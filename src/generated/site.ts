/* Generated from schema/ by `npm run types`. Do not edit: change the schema and run it again. */

/**
 * Where a plain menu link goes.
 */
export type Href = string;
/**
 * Where it goes: '/appointments', 'https://...', 'tel:+61883771234'.
 */
export type Href1 = string;
/**
 * About the doctor. Blank lines make paragraphs; [words](https://...) makes a link that opens in a new tab.
 */
export type Markdown = string;
/**
 * Only if this doctor bills differently from the practice's fees.
 */
export type Markdown1 = string;
/**
 * The rest of the item, shown when 'Read more' is pressed. Leave out for no 'Read more'.
 */
export type Markdown2 = string;
/**
 * With 'each': where an address with an unknown slug goes, e.g. '/doctors'.
 */
export type Href2 = string;
/**
 * One block of a page. Its type says which kind; each kind has its own fields.
 */
export type Block =
  | CardGridBlock
  | CtaBandBlock
  | DoctorCardsBlock
  | DoctorCarouselBlock
  | DoctorProfileBlock
  | HeroBlock
  | InfoStripBlock
  | NewsListBlock
  | PageHeaderBlock
  | SectionBlock
  | StaffCardsBlock
  | StatusBlock;
/**
 * Picture at the top of the card.
 */
export type IconName =
  | 'stethoscope'
  | 'heart'
  | 'heart-pulse'
  | 'brain'
  | 'shield'
  | 'syringe'
  | 'baby'
  | 'users'
  | 'user'
  | 'clock'
  | 'phone'
  | 'mail'
  | 'fax'
  | 'map-pin'
  | 'calendar'
  | 'alert'
  | 'activity'
  | 'apple'
  | 'bone'
  | 'pill'
  | 'sun'
  | 'ear'
  | 'flask'
  | 'clipboard'
  | 'file'
  | 'download'
  | 'info'
  | 'lock'
  | 'eye'
  | 'message'
  | 'star'
  | 'thumbs-up'
  | 'home'
  | 'dollar'
  | 'droplet'
  | 'briefcase'
  | 'globe'
  | 'check';
/**
 * A practice detail written once at the top of site.yaml (contact: and hours:) and shown here.
 */
export type Fact =
  | 'opening-hours'
  | 'after-hours'
  | 'phone'
  | 'fax'
  | 'email'
  | 'address'
  | 'emergency'
  | 'after-hours-gp'
  | 'mental-health-line';
/**
 * Picture beside the heading.
 */
export type IconName1 =
  | 'stethoscope'
  | 'heart'
  | 'heart-pulse'
  | 'brain'
  | 'shield'
  | 'syringe'
  | 'baby'
  | 'users'
  | 'user'
  | 'clock'
  | 'phone'
  | 'mail'
  | 'fax'
  | 'map-pin'
  | 'calendar'
  | 'alert'
  | 'activity'
  | 'apple'
  | 'bone'
  | 'pill'
  | 'sun'
  | 'ear'
  | 'flask'
  | 'clipboard'
  | 'file'
  | 'download'
  | 'info'
  | 'lock'
  | 'eye'
  | 'message'
  | 'star'
  | 'thumbs-up'
  | 'home'
  | 'dollar'
  | 'droplet'
  | 'briefcase'
  | 'globe'
  | 'check';
/**
 * A practice detail written once at the top of site.yaml (contact: and hours:) and shown here.
 */
export type Fact1 =
  | 'opening-hours'
  | 'after-hours'
  | 'phone'
  | 'fax'
  | 'email'
  | 'address'
  | 'emergency'
  | 'after-hours-gp'
  | 'mental-health-line';
/**
 * The text.
 */
export type Markdown3 = string;

/**
 * Everything the practice website shows. Edit this file; the site is rebuilt from it.
 */
export interface Site {
  site: SiteIdentity;
  contact: Contact;
  hours: Hours;
  nav: Navigation;
  footer: Footer;
  ui: UiText;
  entities: Entities;
  /**
   * Every page of the site.
   *
   * @minItems 1
   */
  pages: Page[];
  notFound: NotFoundPage;
}
/**
 * The practice's name, logo and colours.
 */
export interface SiteIdentity {
  /**
   * The practice's name, shown in the header and page titles.
   */
  name: string;
  /**
   * The line under the name in the header, e.g. 'Family Medical Practice'.
   */
  subtitle: string;
  /**
   * The public web address of the site, used for links shared elsewhere.
   */
  url: string;
  /**
   * Language of the site, e.g. 'en-AU'.
   */
  language: string;
  logo: Image;
  /**
   * Main colour, e.g. "#0f5e6e" (in quotes).
   */
  themeColor: string;
  /**
   * One sentence about the practice, for search engines.
   */
  description: string;
  /**
   * Put between a page's title and the practice name in the browser tab, e.g. ' | '.
   */
  titleSeparator?: string;
}
/**
 * The logo in the header.
 */
export interface Image {
  /**
   * Path of the file under public/, starting with '/', e.g. '/images/hero/coast.webp'.
   */
  src: string;
  /**
   * What the picture shows, read aloud by screen readers. Leave empty ('') only for decoration.
   */
  alt: string;
  /**
   * Width of the file in pixels (stops the page jumping while it loads).
   */
  width: number;
  /**
   * Height of the file in pixels.
   */
  height: number;
  /**
   * Smaller copies that exist beside the file, named NAME-WIDTH.webp, so phones download less.
   */
  widths?: number[];
}
/**
 * Phone, fax, e-mail and address.
 */
export interface Contact {
  /**
   * Australian area code in quotes, e.g. "08".
   */
  areaCode: string;
  /**
   * The reception phone, 8 digits as '8377 1234' (in quotes).
   */
  phone: string;
  /**
   * The fax number, 8 digits as '8377 1299' (in quotes).
   */
  fax: string;
  /**
   * The practice's general e-mail address.
   */
  email: string;
  /**
   * The street address of the surgery.
   */
  address: {
    /**
     * Street number and name.
     */
    street: string;
    /**
     * Suburb.
     */
    suburb: string;
    /**
     * State or territory.
     */
    state: 'NSW' | 'VIC' | 'QLD' | 'SA' | 'WA' | 'TAS' | 'NT' | 'ACT';
    /**
     * Four-digit postcode in quotes, e.g. "5049".
     */
    postcode: string;
    /**
     * A map link for the address.
     */
    mapUrl?: string;
  };
  /**
   * Emergency number, "000".
   */
  emergency: string;
  afterHoursGp: NamedLine;
  mentalHealthLine: NamedLine1;
  /**
   * The words put before each detail.
   */
  labels: {
    /**
     * e.g. 'Phone'.
     */
    phone: string;
    /**
     * e.g. 'Fax'.
     */
    fax: string;
    /**
     * e.g. 'Email'.
     */
    email: string;
    /**
     * e.g. 'Address'.
     */
    address: string;
    /**
     * e.g. 'In an emergency call'.
     */
    emergency: string;
  };
}
/**
 * The after-hours GP telephone line.
 */
export interface NamedLine {
  /**
   * Name of the service.
   */
  name: string;
  /**
   * Its number as written, e.g. '1800 022 222' or '13 11 14'.
   */
  phone: string;
  /**
   * A short note, e.g. 'Available 24/7'.
   */
  note?: string;
}
/**
 * A 24/7 mental health support line.
 */
export interface NamedLine1 {
  /**
   * Name of the service.
   */
  name: string;
  /**
   * Its number as written, e.g. '1800 022 222' or '13 11 14'.
   */
  phone: string;
  /**
   * A short note, e.g. 'Available 24/7'.
   */
  note?: string;
}
/**
 * Opening hours.
 */
export interface Hours {
  /**
   * e.g. 'Opening Hours'.
   */
  heading: string;
  /**
   * When the surgery is open.
   *
   * @minItems 1
   */
  regular: TimeRange[];
  /**
   * e.g. 'Closed weekends and public holidays'.
   */
  note?: string;
  /**
   * e.g. 'After Hours'.
   */
  afterHoursHeading: string;
  /**
   * When the after-hours service runs.
   */
  afterHours: TimeRange[];
  /**
   * How to reach the after-hours service.
   */
  afterHoursNote?: string;
}
/**
 * Days and times, e.g. Monday to Friday 08:30 to 17:30.
 */
export interface TimeRange {
  /**
   * The days in words, e.g. 'Monday to Friday'.
   */
  label: string;
  /**
   * The same days as a list, for search engines.
   *
   * @minItems 1
   */
  days: ('Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday' | 'PublicHolidays')[];
  /**
   * Opening time, 24-hour, in quotes: "08:30".
   */
  opens?: string;
  /**
   * Closing time, 24-hour, in quotes: "17:30".
   */
  closes?: string;
  /**
   * true when closed all day on these days.
   */
  closed?: boolean;
}
/**
 * The main menu.
 */
export interface Navigation {
  /**
   * Name of the menu for screen readers, e.g. 'Main'.
   */
  label: string;
  /**
   * The menu entries, in order. An entry is either a link (label + href) or a drop-down (label + groups).
   *
   * @minItems 1
   */
  items: NavItem[];
}
export interface NavItem {
  /**
   * The words in the menu.
   */
  label: string;
  href?: Href;
  /**
   * For a drop-down: its groups of links.
   */
  groups?: NavGroup[];
}
export interface NavGroup {
  /**
   * Group heading, e.g. 'Women's Health'.
   */
  label: string;
  /**
   * Links in this group.
   *
   * @minItems 1
   */
  links: Link[];
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * The bottom of every page.
 */
export interface Footer {
  /**
   * e.g. 'Contact Us'.
   */
  contactHeading: string;
  /**
   * e.g. 'Quick Links'.
   */
  quickLinksHeading: string;
  /**
   * Links listed in the footer.
   */
  quickLinks: Link[];
  /**
   * The red notice: do not e-mail medical information.
   */
  notice: {
    /**
     * e.g. 'Important Notice'.
     */
    heading: string;
    /**
     * The notice itself.
     */
    text: string;
  };
  /**
   * Copyright line; {year} becomes the current year.
   */
  copyright: string;
}
/**
 * Words for buttons and screen readers.
 */
export interface UiText {
  /**
   * e.g. 'Skip to main content'.
   */
  skipLink: string;
  /**
   * Label of the mobile menu button, e.g. 'Open menu'.
   */
  openMenu: string;
  /**
   * e.g. 'Close menu'.
   */
  closeMenu: string;
  /**
   * Said before a submenu name on its expand button, e.g. 'Show'.
   */
  expandGroup: string;
  /**
   * What the logo link is called for screen readers, e.g. 'Home page'.
   */
  homeLinkLabel: string;
}
/**
 * Doctors, staff, news and other lists.
 */
export interface Entities {
  /**
   * All doctors, in the order they are shown.
   */
  doctors: Doctor[];
  /**
   * Nurses, management and reception.
   */
  staff: StaffMember[];
  /**
   * News and announcements, newest first.
   */
  news: NewsItem[];
}
/**
 * A doctor of the practice. Each doctor gets a profile page at /doctors/SLUG.
 */
export interface Doctor {
  /**
   * The doctor's full name in lower case with hyphens, e.g. 'dr-amelia-hart'. It is the end of the profile address and how other blocks refer to this doctor.
   */
  slug: string;
  /**
   * Full name as shown, e.g. 'Dr Amelia Hart'.
   */
  name: string;
  /**
   * e.g. 'MBBS, FRACGP'.
   */
  qualifications: string;
  /**
   * Short tags shown as chips, e.g. 'Women's health'.
   */
  specialties: string[];
  /**
   * One or two sentences for the home page carousel.
   */
  summary: string;
  image?: Image1;
  /**
   * Which part of the photo to keep when it is cropped.
   */
  imagePosition?: 'top' | 'center' | 'bottom';
  bio: Markdown;
  /**
   * Areas of interest, shown as a grid on the profile.
   */
  areas: string[];
  billingPolicy?: Markdown1;
  /**
   * false hides the doctor from lists; their profile page still exists.
   */
  listed: boolean;
}
/**
 * A photo. Without one, the first letter of the name is shown.
 */
export interface Image1 {
  /**
   * Path of the file under public/, starting with '/', e.g. '/images/hero/coast.webp'.
   */
  src: string;
  /**
   * What the picture shows, read aloud by screen readers. Leave empty ('') only for decoration.
   */
  alt: string;
  /**
   * Width of the file in pixels (stops the page jumping while it loads).
   */
  width: number;
  /**
   * Height of the file in pixels.
   */
  height: number;
  /**
   * Smaller copies that exist beside the file, named NAME-WIDTH.webp, so phones download less.
   */
  widths?: number[];
}
/**
 * A nurse, manager or receptionist.
 */
export interface StaffMember {
  /**
   * A short unique name, lower case with hyphens, e.g. 'grace-liu'.
   */
  id: string;
  /**
   * Name as shown.
   */
  name: string;
  /**
   * e.g. 'Registered Nurse', 'Practice Manager', 'Receptionist'.
   */
  role: string;
  /**
   * A sentence or two about them.
   */
  bio: string;
  image?: Image2;
  /**
   * Which part of the photo to keep when it is cropped.
   */
  imagePosition?: 'top' | 'center' | 'bottom';
}
/**
 * A photo. Without one, the first letter of the name is shown.
 */
export interface Image2 {
  /**
   * Path of the file under public/, starting with '/', e.g. '/images/hero/coast.webp'.
   */
  src: string;
  /**
   * What the picture shows, read aloud by screen readers. Leave empty ('') only for decoration.
   */
  alt: string;
  /**
   * Width of the file in pixels (stops the page jumping while it loads).
   */
  width: number;
  /**
   * Height of the file in pixels.
   */
  height: number;
  /**
   * Smaller copies that exist beside the file, named NAME-WIDTH.webp, so phones download less.
   */
  widths?: number[];
}
/**
 * A news item or announcement.
 */
export interface NewsItem {
  /**
   * A short unique name, e.g. 'thursday-hours-2023'.
   */
  id: string;
  /**
   * Date in quotes as "YYYY-MM-DD", e.g. "2023-06-01".
   */
  date: string;
  /**
   * Headline.
   */
  title: string;
  /**
   * One or two sentences shown on the card.
   */
  summary: string;
  body?: Markdown2;
}
/**
 * One page of the site: its address, its title for the browser tab and search engines, and its blocks from top to bottom.
 */
export interface Page {
  /**
   * A short unique name for the page, lower-case with hyphens, e.g. 'fees'.
   */
  id: string;
  /**
   * The address, e.g. '/fees' or '/services/skin-checks'. Use '/doctors/:slug' with 'each' for one page per doctor.
   */
  path: string;
  /**
   * The browser tab title. On a page made for each doctor, {name} becomes the doctor's name.
   */
  title: string;
  /**
   * One or two sentences that search engines show under the title.
   */
  description: string;
  /**
   * Other addresses that lead to this page (they redirect here).
   */
  aliases?: string[];
  /**
   * Make one page per entry of this list; the path must end in '/:slug'.
   */
  each?: 'doctors';
  unknownRedirect?: Href2;
  /**
   * What the page shows, top to bottom.
   *
   * @minItems 1
   */
  blocks: Block[];
}
/**
 * A grid of cards, each with an icon, a title, a description and an optional link.
 */
export interface CardGridBlock {
  /**
   * Block type.
   */
  type: 'card-grid';
  /**
   * A name so other pages can link here as /page#name.
   */
  anchor?: string;
  /**
   * Heading above the cards.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The cards.
   *
   * @minItems 1
   */
  cards: Card[];
  button?: Link2;
  /**
   * Background colour.
   */
  tone?: 'plain' | 'tinted';
}
export interface Card {
  icon?: IconName;
  /**
   * Card title.
   */
  title: string;
  /**
   * Card text.
   */
  text: string;
  link?: Link1;
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link1 {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link2 {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * A coloured band asking the visitor to call or book, with the practice's contact details.
 */
export interface CtaBandBlock {
  /**
   * Block type.
   */
  type: 'cta-band';
  /**
   * e.g. 'Ready to Book Your Appointment?'.
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  text?: string;
  /**
   * Words of the call button; the practice phone number is added. Leave out for no call button.
   */
  callLabel?: string;
  /**
   * Other buttons.
   */
  buttons?: Link[];
  /**
   * Contact details to list, e.g. [phone, email, address].
   */
  facts?: Fact[];
}
/**
 * Cards for doctors, each linking to the doctor's profile.
 */
export interface DoctorCardsBlock {
  /**
   * Block type.
   */
  type: 'doctor-cards';
  /**
   * e.g. 'Our Doctors'.
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * Slugs of the doctors to show, in order.
   *
   * @minItems 1
   */
  doctors: string[];
  /**
   * Words of the profile link, e.g. 'View Profile'.
   */
  profileLabel: string;
}
/**
 * A looping carousel of doctors with previous and next buttons.
 */
export interface DoctorCarouselBlock {
  /**
   * Block type.
   */
  type: 'doctor-carousel';
  /**
   * Heading, e.g. 'Meet Our Doctors'.
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * Slugs of the doctors to show, in order.
   *
   * @minItems 1
   */
  doctors: string[];
  /**
   * Screen-reader label of the previous button, e.g. 'Previous doctor'.
   */
  previousLabel: string;
  /**
   * e.g. 'Next doctor'.
   */
  nextLabel: string;
  /**
   * How a slide is announced, e.g. '{n} of {total}'.
   */
  slideLabel: string;
  /**
   * Words of the link to each profile, e.g. 'View Profile'.
   */
  profileLabel?: string;
  button?: Link3;
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link3 {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * A doctor's profile. Use on the page with each: doctors.
 */
export interface DoctorProfileBlock {
  /**
   * Block type.
   */
  type: 'doctor-profile';
  back: Link4;
  book: Link5;
  /**
   * e.g. 'About'.
   */
  aboutHeading: string;
  /**
   * e.g. 'Areas of Interest'.
   */
  areasHeading: string;
  /**
   * e.g. 'Billing Policy'.
   */
  billingHeading: string;
  /**
   * Screen-reader name of the specialty list, e.g. 'Specialties'.
   */
  specialtiesLabel: string;
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link4 {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link5 {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * A full-height banner with rotating background pictures, a heading and buttons.
 */
export interface HeroBlock {
  /**
   * Block type.
   */
  type: 'hero';
  /**
   * The big heading (the page's main heading).
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  text?: string;
  /**
   * Background pictures, shown in turn.
   *
   * @minItems 1
   * @maxItems 8
   */
  images: Image3[];
  /**
   * Milliseconds each picture stays, e.g. 5000.
   */
  intervalMs: number;
  /**
   * Buttons under the heading.
   *
   * @maxItems 3
   */
  buttons: Link[];
  /**
   * Screen-reader label of the button that stops the pictures changing.
   */
  pauseLabel: string;
  /**
   * Label of the same button when stopped.
   */
  playLabel: string;
}
/**
 * A picture kept under public/, with a description for people who cannot see it.
 */
export interface Image3 {
  /**
   * Path of the file under public/, starting with '/', e.g. '/images/hero/coast.webp'.
   */
  src: string;
  /**
   * What the picture shows, read aloud by screen readers. Leave empty ('') only for decoration.
   */
  alt: string;
  /**
   * Width of the file in pixels (stops the page jumping while it loads).
   */
  width: number;
  /**
   * Height of the file in pixels.
   */
  height: number;
  /**
   * Smaller copies that exist beside the file, named NAME-WIDTH.webp, so phones download less.
   */
  widths?: number[];
}
/**
 * A band of short facts, e.g. opening hours, after-hours line, emergency.
 */
export interface InfoStripBlock {
  /**
   * Block type.
   */
  type: 'info-strip';
  /**
   * The facts, left to right.
   *
   * @minItems 1
   * @maxItems 4
   */
  items: InfoStripItem[];
}
export interface InfoStripItem {
  icon: IconName1;
  /**
   * e.g. 'Opening Hours'.
   */
  heading: string;
  fact: Fact1;
}
/**
 * News and announcements; 'Read more' opens the rest of an item in place.
 */
export interface NewsListBlock {
  /**
   * Block type.
   */
  type: 'news-list';
  /**
   * e.g. 'Latest News & Announcements'.
   */
  heading: string;
  /**
   * Ids of the news items to show, in order.
   *
   * @minItems 1
   */
  items: string[];
  /**
   * e.g. 'Read more'.
   */
  readMoreLabel: string;
  /**
   * e.g. 'Show less'.
   */
  readLessLabel: string;
}
/**
 * The heading band at the top of an inner page, with an optional breadcrumb trail.
 */
export interface PageHeaderBlock {
  /**
   * Block type.
   */
  type: 'page-header';
  /**
   * The page's main heading. {year} becomes the current year.
   */
  heading: string;
  /**
   * A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Links to the pages above this one, e.g. Home, Services. The current page is added at the end.
   */
  breadcrumb?: Link[];
  /**
   * Screen-reader name of the breadcrumb, e.g. 'Breadcrumb'.
   */
  breadcrumbLabel?: string;
  /**
   * Buttons under the heading.
   */
  buttons?: Link[];
}
/**
 * A heading with formatted text and optional buttons.
 */
export interface SectionBlock {
  /**
   * Block type.
   */
  type: 'section';
  /**
   * A name so other pages can link here as /page#name.
   */
  anchor?: string;
  /**
   * A short line above the heading.
   */
  eyebrow?: string;
  /**
   * Section heading.
   */
  heading: string;
  body: Markdown3;
  /**
   * Buttons after the text.
   */
  buttons?: Link[];
  /**
   * Background: plain, tinted (light colour) or notice (a highlighted box).
   */
  tone?: 'plain' | 'tinted' | 'notice';
}
/**
 * Cards for nurses, managers or reception staff.
 */
export interface StaffCardsBlock {
  /**
   * Block type.
   */
  type: 'staff-cards';
  /**
   * e.g. 'Our Nurses'.
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * Ids of the people to show, in order.
   *
   * @minItems 1
   */
  staff: string[];
}
/**
 * A big status message, e.g. '404' and 'Oops! Page not found', with a link.
 */
export interface StatusBlock {
  /**
   * Block type.
   */
  type: 'status';
  /**
   * The big code, e.g. "404".
   */
  code: string;
  /**
   * The message, e.g. 'Oops! Page not found'.
   */
  heading: string;
  link: Link6;
}
/**
 * A link or button: the words shown and where it goes.
 */
export interface Link6 {
  /**
   * The words on the link or button, e.g. 'Book an Appointment'.
   */
  label: string;
  href: Href1;
  /**
   * Open in a new browser tab (use for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: primary (solid), secondary (light), outline, or text (a plain link).
   */
  style?: 'primary' | 'secondary' | 'outline' | 'text';
}
/**
 * The page shown for an address that does not exist.
 */
export interface NotFoundPage {
  /**
   * Browser tab title.
   */
  title: string;
  /**
   * Description for search engines.
   */
  description: string;
  /**
   * What the page shows.
   *
   * @minItems 1
   */
  blocks: Block[];
}
