/* Generated from schema/ by `npm run types`. Do not edit: change the schema and run it again. */

/**
 * An Australian phone number as it is dialled, in quotes: a local number '8377 1234', with its area code '(08) 8377 1234', a mobile '0412 345 678', '1800 022 222', '1300 224 636' or '13 11 14'.
 */
export type PhoneNumber = string;
/**
 * The first day it is on the site, e.g. 18 December 2026. Leave empty to show it straight away.
 */
export type ShownFrom = string;
/**
 * The last day it is on the site, e.g. 1 January 2027. The next morning it is gone. Leave empty to keep it.
 */
export type ShownUntil = string;
/**
 * Where a link goes: a page of this site ('/fees'), a file uploaded with the site ('/downloads/form.pdf'), a web address ('https://...'), a phone number ('tel:+61883771234') or an e-mail ('mailto:someone@example.org').
 */
export type Href = string;
/**
 * A short unique name: lower-case letters, digits and hyphens, e.g. 'womens-health'.
 */
export type Id = string;
/**
 * Text with simple formatting: a blank line starts a new paragraph, **bold**, *italic*, [link text](https://example.org), and lists starting with '- ' or '1. '.
 */
export type Markdown = string;
/**
 * A small picture shown beside a heading.
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
 * A Medicare (MBS) item number in quotes, e.g. "23", or "N/A" when there is none. Leaving it out also shows N/A.
 */
export type ItemNumber = string;
/**
 * An amount in Australian dollars written with a dollar sign and cents, in quotes, e.g. "$80.00".
 */
export type Money = string;
/**
 * One block of a page. Its type says which kind; each kind has its own fields.
 */
export type Block =
  | AlliedHealthBlock
  | ArticleBlock
  | CardGridBlock
  | ChecklistGroupsBlock
  | CrisisServicesBlock
  | CtaBandBlock
  | DoctorCardsBlock
  | DoctorCarouselBlock
  | DoctorProfileBlock
  | DownloadsBlock
  | FaqBlock
  | FeeTablesBlock
  | FeedbackFormBlock
  | HeroBlock
  | InfoCardsBlock
  | InfoStripBlock
  | LinkListBlock
  | NewsListBlock
  | PageHeaderBlock
  | PartnerContactBlock
  | SectionBlock
  | ServiceDirectoryBlock
  | StaffCardsBlock
  | StatusBlock
  | StepsBlock;
/**
 * A name so other pages can link straight to this part of the page as /page#name, e.g. 'bulk-billing'.
 */
export type Anchor = string;
/**
 * Background: plain, or tinted (a light colour) to set the section apart from its neighbours.
 */
export type Tone = 'plain' | 'tinted';
/**
 * A practice detail written once, under Contact or Opening hours, and shown here.
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
 * The practice's name and look.
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
   * The language of the site as browsers name it, e.g. en-AU.
   */
  language: string;
  logo: Image;
  /**
   * The practice's main colour as a colour code, e.g. #0f5e6e.
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
 * A picture of the site, with a description for people who cannot see it.
 */
export interface Image {
  /**
   * The picture's file, e.g. /images/hero/coast.webp. Choose a picture to upload it.
   */
  src: string;
  /**
   * What the picture shows, read aloud by screen readers. Leave empty only for decoration.
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
   * Widths of smaller copies that exist beside the file, so phones download less.
   */
  widths?: number[];
  /**
   * Ticked when an AVIF copy of the picture (and of each smaller copy) exists beside it, so browsers that can show AVIF download that smaller file. Pictures of people always have one.
   */
  avif?: boolean;
}
/**
 * How to reach the practice. Written once here, shown in the header, footer and contact blocks.
 */
export interface Contact {
  /**
   * The Australian area code, e.g. 08.
   */
  areaCode: string;
  phone: PhoneNumber;
  fax: PhoneNumber;
  /**
   * The practice's general e-mail address.
   */
  email: string;
  address: Address;
  /**
   * The emergency number, 000.
   */
  emergency: string;
  afterHoursGp: NamedLine;
  mentalHealthLine: NamedLine;
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
 * A street address.
 */
export interface Address {
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
   * Four-digit postcode, e.g. 5049.
   */
  postcode: string;
  /**
   * A map link for the address.
   */
  mapUrl?: string;
}
export interface NamedLine {
  /**
   * Name of the service.
   */
  name: string;
  phone: PhoneNumber;
  /**
   * A short note, e.g. 'Available 24/7'.
   */
  note?: string;
}
/**
 * Opening hours of the surgery and of the after-hours service.
 */
export interface Hours {
  /**
   * e.g. 'Opening Hours'.
   */
  heading: string;
  /**
   * The words after a time before noon and after it, e.g. AM and PM: 08:30 shows as 8:30 AM.
   *
   * @minItems 2
   * @maxItems 2
   */
  amPm: string[];
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
  /**
   * The practice's time zone as the world's list of time zones names it, e.g. 'Australia/Adelaide' or 'Australia/Sydney'. Visitors elsewhere still see whether the surgery is open by its own clock.
   */
  timeZone?: string;
  /**
   * Days on which the surgery keeps other hours, e.g. closed 25 December to 1 January, or open 9:00 to 12:00 on 24 December. They show in the opening hours on those days and count for the open now line; after the last day they go by themselves.
   */
  exceptions?: HoursException[];
  /**
   * The public holidays of the practice's state. On these days only the hours ticked for public holidays apply. Add next year's before the year ends.
   */
  publicHolidays?: PublicHoliday[];
  today?: TodayHours;
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
   * The time it opens, on the 24-hour clock, e.g. 08:30.
   */
  opens?: string;
  /**
   * The time it closes, on the 24-hour clock, e.g. 17:30.
   */
  closes?: string;
  /**
   * Tick when it is closed all day on these days.
   */
  closed?: boolean;
}
/**
 * Days on which the surgery keeps other hours than its weekly ones, e.g. closed 25 December to 1 January, or open 9:00 to 12:00 on 24 December.
 */
export interface HoursException {
  /**
   * What patients read in the opening hours on these days, e.g. 'Closed 25 December to 1 January' or '24 December'.
   */
  label: string;
  from: ShownFrom;
  until?: ShownUntil;
  /**
   * The time it opens on these days, on the 24-hour clock, e.g. 09:00. Leave empty when closed.
   */
  opens?: string;
  /**
   * The time it closes on these days, on the 24-hour clock, e.g. 12:00. Leave empty when closed.
   */
  closes?: string;
  /**
   * Tick when the surgery is closed all day on these days.
   */
  closed?: boolean;
}
/**
 * A public holiday on which the surgery keeps its public-holiday hours.
 */
export interface PublicHoliday {
  /**
   * The day of the holiday. When a holiday moves to a Monday, write the Monday.
   */
  date: string;
  /**
   * Its name, for the people who edit this list, e.g. 'Christmas Day'.
   */
  name: string;
}
/**
 * Words of the line at the top of every page that says whether the surgery is open right now, and if not, where to turn.
 */
export interface TodayHours {
  /**
   * Shown while the surgery is open. {time} becomes today's closing time, e.g. 'Open now, closes {time}'.
   */
  open: string;
  /**
   * Shown while the surgery is closed and the after-hours service is running (its times are under After-hours service times). {phone} becomes the after-hours GP number (Contact, After-hours GP line), as a link that calls it; {time} the time the service stops, e.g. 'Closed now. After-hours GP: call {phone} until {time}'.
   */
  afterHours: string;
  /**
   * Shown while the surgery is closed and the after-hours service is not running. {day} becomes the day it opens next (the word for today, the word for tomorrow, the day of the week, or its date when it is a week or more away), {time} the time it opens, and {emergency} the emergency number (Contact, Emergency number), as a link that calls it, e.g. 'Closed now, opens {day} at {time}. Emergency: call {emergency}'.
   */
  closed: string;
  /**
   * Shown while the surgery is closed and the after-hours service starts later today, before the surgery opens again (a Saturday morning, a weekday between closing and the service). {time} becomes the time the service starts, {phone} the after-hours GP number (Contact, After-hours GP line) and {emergency} the emergency number, each as a link that calls it, e.g. 'Closed now. After-hours GP from {time}, call {phone}'. Leave empty to show the words while closed instead.
   */
  afterHoursLater?: string;
  /**
   * The word that stands for the day in the words while closed when the surgery opens later the same day, e.g. 'today'.
   */
  today: string;
  /**
   * The word that stands for the day in the words while closed when the surgery opens the next day, e.g. 'tomorrow'. Other days are written in the site's language (Practice details, Language of the site), e.g. 'Monday'.
   */
  tomorrow: string;
}
/**
 * The menu at the top of every page.
 */
export interface Navigation {
  /**
   * Name of the menu for screen readers, e.g. 'Main'.
   */
  label: string;
  /**
   * The menu entries, in order. An entry is either a link (words and where it goes) or a drop-down (words and groups of links).
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
  href: Href;
  /**
   * Tick to open the link in a new browser tab (for other websites and PDF files).
   */
  newTab?: boolean;
  /**
   * How a button looks: Primary is solid, Secondary light, Outline only outlined, and Text a plain link with no button.
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
 * Words used by the site's controls, for screen readers and buttons.
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
  /**
   * Screen-reader name of the trail of links above a page heading, e.g. 'Breadcrumb'.
   */
  breadcrumbLabel: string;
  /**
   * Shown above the list of links at the top of a long text (four sections or more), and what screen readers call that list, e.g. 'On this page'. Without them no text has such a list.
   */
  contentsLabel?: string;
  /**
   * Read by screen readers after every link that opens in a new tab (buttons, links in text), unless its block has its own words, e.g. '(opens in a new tab)'.
   */
  newTab?: string;
  /**
   * On phones, a bar at the foot of the screen calls the practice once the top of the page has scrolled away; these words come before the number, e.g. 'Call us'. Without them there is no bar.
   */
  callBar?: string;
  /**
   * On computers and tablets, words before the practice's number on the call button at the top of the screen, which stays there as the page scrolls, e.g. 'Call': 'Call 8377 1234'. Without them there is no such button.
   */
  call?: string;
  book?: Link;
  /**
   * Shown for a moment by an old address that sends visitors on to its page, e.g. 'Taking you to the page'.
   */
  redirecting: string;
}
/**
 * Lists written once and shown by blocks that refer to their entries by id or slug.
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
  /**
   * Partner practices that deliver some services (e.g. an ear clinic) and take their own bookings. Optional.
   */
  partners?: Partner[];
  /**
   * Crisis and support telephone lines, e.g. Lifeline. Optional.
   */
  crisisServices?: CrisisService[];
  /**
   * The groups of services on the services page, each with its service cards. Optional.
   */
  serviceCategories?: ServiceCategory[];
  /**
   * Allied health professionals who take their own bookings, e.g. podiatry. Optional.
   */
  alliedHealth?: AlliedHealthProvider[];
  /**
   * The fee tables: each group with its fees, Medicare item numbers and rebates. Optional.
   */
  feeGroups?: FeeGroup[];
}
/**
 * A doctor of the practice. Each doctor gets a profile page at /doctors/SLUG.
 */
export interface Doctor {
  slug: Id;
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
  image?: Image;
  /**
   * Which part of the photo to keep when it is cropped. Without it, the top (where faces usually are).
   */
  imagePosition?: 'top' | 'center' | 'bottom';
  bio: Markdown;
  /**
   * Areas of interest, shown as a grid on the profile.
   */
  areas: string[];
  billingPolicy?: Markdown;
  /**
   * The days this doctor works, as patients should read them, e.g. 'Monday, Tuesday and Thursday'. Shown on the profile when filled.
   */
  days?: string;
  /**
   * Whether this doctor takes new patients, in words, e.g. 'Welcomes new patients' or 'Not taking new patients'. Shown on the profile when filled.
   */
  newPatients?: string;
  /**
   * Languages this doctor consults in, e.g. [English, Vietnamese]. Shown on the profile when filled.
   */
  languages?: string[];
  /**
   * Ticked, the doctor is on the doctors page and in the carousel. Untick it to keep their profile page but show them in no list.
   */
  listed?: boolean;
}
/**
 * A nurse, manager or receptionist.
 */
export interface StaffMember {
  id: Id;
  /**
   * The name as shown.
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
  image?: Image;
  /**
   * Which part of the photo to keep when it is cropped. Without it, the top (where faces usually are).
   */
  imagePosition?: 'top' | 'center' | 'bottom';
}
/**
 * A news item or announcement.
 */
export interface NewsItem {
  id: Id;
  /**
   * The day of the item. News lists show the newest first.
   */
  date: string;
  /**
   * The headline of the item.
   */
  title: string;
  /**
   * One or two sentences shown on the card.
   */
  summary: string;
  /**
   * Ticked, the item is among the newest news the site shows. Untick it to take it down while keeping it here.
   */
  listed?: boolean;
  body?: Markdown;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * Another practice that delivers some services for this one (e.g. an ear clinic) and takes its own bookings.
 */
export interface Partner {
  id: Id;
  /**
   * The practice's name as shown.
   */
  name: string;
  phone: PhoneNumber;
  /**
   * Their area code, e.g. 08. Leave empty when it is the same as this practice's.
   */
  areaCode?: string;
  /**
   * Their e-mail address.
   */
  email: string;
  /**
   * Their website, starting with https://. It opens in a new tab.
   */
  website: string;
  address?: Address;
}
/**
 * A crisis or support telephone line, e.g. Lifeline.
 */
export interface CrisisService {
  id: Id;
  /**
   * Name of the service, e.g. 'Lifeline'.
   */
  name: string;
  phone: PhoneNumber;
  /**
   * Its website, starting with https://. It opens in a new tab.
   */
  website: string;
  /**
   * Who it is for, in a sentence.
   */
  description: string;
  /**
   * When it answers, e.g. '24 hours, 7 days'. Check with the service before changing.
   */
  availability: string;
}
/**
 * A group of services shown together on the services page, e.g. Women's Health Services.
 */
export interface ServiceCategory {
  id: Id;
  /**
   * The group's heading, e.g. 'Women's Health Services'. The address /services?category=womens shows only groups whose name contains that word.
   */
  name: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The services of this group, in the order shown.
   *
   * @minItems 1
   */
  services: ServiceCard[];
}
export interface ServiceCard {
  /**
   * The service's name, e.g. 'Skin Cancer Checks'.
   */
  title: string;
  /**
   * One or two sentences about the service.
   */
  description: string;
  icon: IconName;
  href?: Href;
}
/**
 * A health professional who works with the practice but takes their own bookings, e.g. a podiatrist.
 */
export interface AlliedHealthProvider {
  id: Id;
  /**
   * The service or provider as shown, e.g. 'Podiatry'.
   */
  name: string;
  /**
   * One or two sentences about what they help with.
   */
  description: string;
  icon?: IconName;
}
/**
 * A group of fees shown as one table, e.g. General Consultations. Out of pocket costs are worked out from the price and the rebate, so they are never typed here.
 */
export interface FeeGroup {
  id: Id;
  /**
   * The group's heading, e.g. 'General Consultations'.
   */
  name: string;
  /**
   * The fees of this group, in the order shown.
   *
   * @minItems 1
   */
  items: FeeItem[];
}
export interface FeeItem {
  /**
   * What the fee is for, e.g. 'Regular consultation'.
   */
  name: string;
  f2fItemNumber?: ItemNumber;
  telephoneItemNumber?: ItemNumber;
  telehealthItemNumber?: ItemNumber;
  price: Money;
  pensionerPrice?: Money;
  medicareRebate?: Money;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * One page of the site: its address, its title for the browser tab and search engines, and its blocks from top to bottom.
 */
export interface Page {
  id: Id;
  /**
   * The page's address on the site, e.g. /fees or /services/skin-checks. A page made for each doctor has the address of the doctors' pages, each followed by the doctor's own web address.
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
   * Makes one profile page per doctor from this page (its doctor profile block shows the doctor), at this page's address followed by the doctor's web address.
   */
  each?: 'doctors';
  unknownRedirect?: Href;
  /**
   * What the page shows, top to bottom.
   *
   * @minItems 1
   */
  blocks: Block[];
}
/**
 * Cards for allied health professionals (the Allied health list), with how patients book them.
 */
export interface AlliedHealthBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'allied-health';
  anchor?: Anchor;
  /**
   * e.g. 'Allied Health Services'.
   */
  heading: string;
  intro?: Markdown;
  /**
   * The allied health providers to show, chosen from the Allied health list, in the order shown.
   *
   * @minItems 1
   */
  providers: string[];
  note?: Markdown;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * Longer text in sections (each a heading and formatted text), with optional cards beside it on wide screens, e.g. contact details and opening hours.
 */
export interface ArticleBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'article';
  anchor?: Anchor;
  /**
   * The sections, top to bottom.
   *
   * @minItems 1
   */
  sections: ArticleSection[];
  /**
   * Ticked, a text of four or more sections starts with a list of links to them, so readers of a long page can go straight to the part they need. Untick it to leave the list out. A text of three sections or fewer never has one.
   */
  contents?: boolean;
  /**
   * Cards beside the text on wide screens (after it on phones), e.g. Contact Information and Opening Hours.
   */
  aside?: InfoCard[];
  /**
   * What screen readers call the cards beside the text, e.g. Contact details.
   */
  asideLabel?: string;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface ArticleSection {
  anchor?: Anchor;
  icon?: IconName;
  /**
   * Section heading.
   */
  heading: string;
  body: Markdown;
  /**
   * Practice details to show after the text, such as the after-hours line, the after-hours GP and the emergency number.
   */
  facts?: Fact[];
  /**
   * Buttons after the text.
   */
  buttons?: Link[];
}
/**
 * A card with a heading, some text, practice details (written once under contact: and hours:) and buttons.
 */
export interface InfoCard {
  icon?: IconName;
  /**
   * Card heading, e.g. 'Contact Information'.
   */
  heading: string;
  body?: Markdown;
  /**
   * Practice details to show after the text, such as the phone number, e-mail and address, or the opening hours.
   */
  facts?: Fact[];
  /**
   * Buttons at the bottom of the card.
   */
  buttons?: Link[];
  /**
   * How the card looks: plain (white), highlight (the practice colour) or notice (an orange edge for something important).
   */
  tone?: 'plain' | 'highlight' | 'notice';
}
/**
 * A grid of cards, each with an icon, a title, a description and an optional link.
 */
export interface CardGridBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'card-grid';
  anchor?: Anchor;
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
  button?: Link;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
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
  link?: Link;
}
/**
 * Groups of downloadable checklists, e.g. child development checklists by age, each group with an optional picture.
 */
export interface ChecklistGroupsBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'checklist-groups';
  anchor?: Anchor;
  /**
   * Heading above the groups, e.g. 'Development Checklists'.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The groups, in order.
   *
   * @minItems 1
   */
  groups: ChecklistGroup[];
  /**
   * Tick to open the checklists in a new browser tab.
   */
  newTab?: boolean;
  /**
   * Read by screen readers after each link that opens in a new tab, e.g. (opens in a new tab).
   */
  newTabLabel?: string;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface ChecklistGroup {
  /**
   * Group heading, e.g. 'Babies (3 to 12 months)'.
   */
  title: string;
  /**
   * A sentence about the group.
   */
  description?: string;
  image?: Image;
  /**
   * The checklists in this group.
   *
   * @minItems 1
   */
  items: ChecklistLink[];
}
export interface ChecklistLink {
  /**
   * The words of the link, e.g. 3 months checklist.
   */
  title: string;
  href: Href;
}
/**
 * Crisis and support lines (the Crisis lines list), each with a call link and its website.
 */
export interface CrisisServicesBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'crisis-services';
  anchor?: Anchor;
  /**
   * e.g. '24/7 Crisis Support'.
   */
  heading: string;
  intro?: Markdown;
  /**
   * The crisis lines to show, chosen from the Crisis lines list, in the order shown.
   *
   * @minItems 1
   */
  services: string[];
  /**
   * Words before each phone number on its call link, e.g. 'Call'.
   */
  callLabel: string;
  /**
   * Words of each website link, e.g. 'Visit website'.
   */
  websiteLabel: string;
  /**
   * Read by screen readers after each website link, which opens in a new tab, e.g. '(opens in a new tab)'.
   */
  newTabLabel?: string;
  tone?: Tone;
  /**
   * Cards shows a card per line with its website (the usual choice). Strip shows a compact band of call buttons, the emergency number first: use it as the first block of a page about a condition where minutes matter.
   */
  layout?: 'cards' | 'strip';
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A coloured band asking the visitor to call or book, with the practice's contact details.
 */
export interface CtaBandBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
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
   * Contact details to list, such as the phone number, e-mail and address.
   */
  facts?: Fact[];
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * Cards for doctors, each linking to the doctor's profile.
 */
export interface DoctorCardsBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
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
   * Leave empty to show every listed doctor, in the order of the Doctors list: a new doctor then appears here by themselves. Choose doctors only to show some of them, or in another order.
   *
   * @minItems 1
   */
  doctors?: string[];
  /**
   * Words of the profile link, e.g. 'View Profile'.
   */
  profileLabel: string;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A looping carousel of doctors with previous and next buttons.
 */
export interface DoctorCarouselBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
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
   * Leave empty to show every listed doctor, in the order of the Doctors list: a new doctor then appears here by themselves. Choose doctors only to show some of them, or in another order.
   *
   * @minItems 1
   */
  doctors?: string[];
  /**
   * Screen-reader label of the previous button, e.g. 'Previous doctor'.
   */
  previousLabel: string;
  /**
   * Read by screen readers on the button that shows the next doctor, e.g. Next doctor.
   */
  nextLabel: string;
  /**
   * What screen readers call the whole set of slides, e.g. 'carousel'.
   */
  carouselRole: string;
  /**
   * What screen readers call one slide, e.g. 'slide'.
   */
  slideRole: string;
  /**
   * How screen readers announce a slide: {n} becomes its number and {total} the number of slides, e.g. {n} of {total}.
   */
  slideLabel: string;
  /**
   * Words of the link to each profile, e.g. 'View Profile'.
   */
  profileLabel?: string;
  button?: Link;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A doctor's profile. Use on the page with each: doctors.
 */
export interface DoctorProfileBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'doctor-profile';
  back: Link;
  book: Link;
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
  /**
   * The words before a doctor's working days, e.g. Days. Leave empty to show no working days.
   */
  daysLabel?: string;
  /**
   * The words before whether a doctor takes new patients, e.g. New patients. Leave empty to show nothing about it.
   */
  newPatientsLabel?: string;
  /**
   * The words before the languages a doctor consults in, e.g. Languages. Leave empty to show no languages.
   */
  languagesLabel?: string;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A list of files to download, e.g. PDF forms and leaflets uploaded with their links.
 */
export interface DownloadsBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'downloads';
  anchor?: Anchor;
  /**
   * Heading above the files, e.g. 'Downloads'.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The files, in order.
   *
   * @minItems 1
   */
  items: DownloadItem[];
  /**
   * Read by screen readers after a link that opens in a new tab, e.g. '(opens in a new tab)'.
   */
  newTabLabel?: string;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface DownloadItem {
  /**
   * Name of the file as shown, e.g. 'Iron infusion consent form'.
   */
  title: string;
  /**
   * A sentence about what the file is for.
   */
  description?: string;
  href: Href;
  /**
   * Tick to open the file in a new browser tab.
   */
  newTab?: boolean;
}
/**
 * Questions and answers that open and close. With One answer open at a time ticked, opening one question closes the others. Works in every browser.
 */
export interface FaqBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'faq';
  anchor?: Anchor;
  /**
   * Heading above the questions, e.g. 'Frequently Asked Questions'.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * Tick so that opening an answer closes the one that was open. Leave it unticked to let visitors open as many answers as they like.
   */
  singleOpen: boolean;
  /**
   * The questions, in order.
   *
   * @minItems 1
   */
  items: FaqItem[];
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface FaqItem {
  /**
   * The question, shown on the button that opens the answer.
   */
  question: string;
  answer: Markdown;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * The fee tables (the Fees list), one collapsible section per group; at most one is open at a time. Out of pocket columns are worked out from price minus rebate.
 */
export interface FeeTablesBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'fee-tables';
  anchor?: Anchor;
  /**
   * Heading above the tables, e.g. 'Our Fees'.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The fee groups to show, chosen from the Fees list, in the order shown.
   *
   * @minItems 1
   */
  groups: string[];
  /**
   * Tick to show the first group open when the page loads (visitors can still close it).
   */
  openFirst?: boolean;
  columns: FeeColumns;
  /**
   * Shown where a value is missing, e.g. 'N/A'.
   */
  notApplicable: string;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface FeeColumns {
  /**
   * e.g. 'Name of Item'.
   */
  name: string;
  /**
   * e.g. 'F2F Item Number'.
   */
  f2fItemNumber: string;
  /**
   * e.g. 'Telephone Item Number'.
   */
  telephoneItemNumber: string;
  /**
   * e.g. 'Telehealth Item Number'.
   */
  telehealthItemNumber: string;
  /**
   * e.g. 'Price'.
   */
  price: string;
  /**
   * e.g. 'Pensioner/HCC'.
   */
  pensionerPrice: string;
  /**
   * e.g. 'Medicare Rebate'.
   */
  medicareRebate: string;
  /**
   * e.g. 'Out of Pocket' (price minus rebate).
   */
  outOfPocket: string;
  /**
   * e.g. 'Out of Pocket Pensioner/HCC' (pensioner price minus rebate).
   */
  outOfPocketPensioner: string;
}
/**
 * The feedback form: visitors send general feedback, a compliment or a complaint to the practice. Every word of the form, its error messages and its two notifications is written here.
 */
export interface FeedbackFormBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'feedback-form';
  anchor?: Anchor;
  /**
   * Heading above the form, e.g. 'Send Us Your Feedback'.
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * A warning shown above the form and read out with the message box, e.g. 'Please do not include medical details...'.
   */
  hint: string;
  /**
   * The label of each field.
   */
  labels: {
    /**
     * The label of the visitor's name, e.g. Your Name.
     */
    name: string;
    /**
     * The label of the visitor's e-mail address, e.g. Email Address.
     */
    email: string;
    /**
     * The label of the visitor's phone number, e.g. Phone Number.
     */
    phone: string;
    /**
     * The question above the three choices, e.g. 'Type of Feedback'.
     */
    feedbackType: string;
    /**
     * The label of the message box, e.g. Your Message.
     */
    message: string;
  };
  /**
   * Shown after the label of a field that may be left empty, e.g. '(optional)'.
   */
  optionalLabel: string;
  /**
   * Shown after the label of the message, which must be filled in, e.g. '(required)'.
   */
  requiredLabel: string;
  /**
   * The words for each kind of feedback. General is chosen at first.
   */
  feedbackTypes: {
    /**
     * The words of the first choice, e.g. General Feedback.
     */
    general: string;
    /**
     * The words of the second choice, e.g. Compliment.
     */
    compliment: string;
    /**
     * The words of the third choice, e.g. Complaint.
     */
    complaint: string;
  };
  /**
   * The send button, e.g. 'Submit Feedback'.
   */
  submitLabel: string;
  /**
   * The send button while the feedback is being sent, e.g. 'Sending...'.
   */
  sendingLabel: string;
  /**
   * Messages shown under a field that needs fixing before the form can be sent.
   */
  errors: {
    /**
     * The message box is empty, e.g. 'Please enter your message.'.
     */
    required: string;
    /**
     * Too much text; {max} becomes the number of characters allowed, e.g. 'Please keep this under {max} characters.'.
     */
    tooLong: string;
    /**
     * Not an e-mail address, e.g. 'Please enter an email address like name@example.com, or leave it empty.'.
     */
    email: string;
    /**
     * Not a phone number, e.g. 'Please enter a phone number using digits, or leave it empty.'.
     */
    phone: string;
    /**
     * Anything else that cannot be sent, such as invisible control characters pasted in, e.g. 'This contains characters that cannot be sent. Please retype it.'.
     */
    invalid: string;
  };
  success: FeedbackNotice;
  failure: FeedbackNotice;
  /**
   * Label of a hidden field that only spam robots fill in. Visitors never see or hear it, e.g. 'Leave this field empty'.
   */
  honeypotLabel: string;
  /**
   * Shown above the send button, with the practice's phone and e-mail, when the visitor's browser cannot send the form (its scripts are turned off), e.g. 'This form cannot send from your browser. You can phone or e-mail us instead:'.
   */
  noScript?: string;
  /**
   * The words of the button beside the message after sending, which closes it. The message stays under the send button until it is closed, or the form is sent again, e.g. 'Close'.
   */
  dismissLabel: string;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A message that appears under the send button and stays until it is closed.
 */
export interface FeedbackNotice {
  /**
   * Its first line, in bold.
   */
  title: string;
  /**
   * The sentence under it.
   */
  description: string;
}
/**
 * A full-height banner with rotating background pictures, a heading and buttons.
 */
export interface HeroBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
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
  images: Image[];
  /**
   * How long each picture stays before the next, in thousandths of a second, e.g. 5000 for five seconds.
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
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A grid of cards with text, practice details (phone, hours...) and buttons, e.g. Bulk Billing and Payment Methods.
 */
export interface InfoCardsBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'info-cards';
  anchor?: Anchor;
  /**
   * Heading above the cards.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The cards, in order.
   *
   * @minItems 1
   */
  cards: InfoCard[];
  /**
   * Most cards side by side on a wide screen (phones always show one). Default 3.
   */
  columns?: 1 | 2 | 3;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A band of short facts, e.g. opening hours, after-hours line, emergency.
 */
export interface InfoStripBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'info-strip';
  /**
   * The facts, left to right.
   *
   * @minItems 1
   * @maxItems 4
   */
  items: InfoStripItem[];
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface InfoStripItem {
  icon: IconName;
  /**
   * The heading of this fact, e.g. Opening Hours.
   */
  heading: string;
  fact: Fact;
}
/**
 * A list of useful links, each with a title and an optional sentence about it.
 */
export interface LinkListBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'link-list';
  anchor?: Anchor;
  /**
   * Heading above the links, e.g. 'Useful Links'.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The links, in order.
   *
   * @minItems 1
   */
  items: LinkListItem[];
  /**
   * Read by screen readers after a link that opens in a new tab, e.g. '(opens in a new tab)'.
   */
  newTabLabel?: string;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface LinkListItem {
  /**
   * The words of the link, e.g. 'Raising Children Network'.
   */
  title: string;
  /**
   * A sentence about what the visitor will find there.
   */
  description?: string;
  href: Href;
  /**
   * Tick to open the link in a new browser tab (for other websites and files).
   */
  newTab?: boolean;
}
/**
 * News and announcements; 'Read more' opens the rest of an item in place.
 */
export interface NewsListBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'news-list';
  /**
   * The heading above the news, e.g. Latest News & Announcements.
   */
  heading: string;
  /**
   * Leave empty to show the newest news, newest first (see How many of the newest): a new item then appears here by itself. Choose items only to show particular ones, in the order chosen.
   *
   * @minItems 1
   */
  items?: string[];
  /**
   * How many of the newest news items the list shows when no items are chosen (3 when empty).
   */
  latest?: number;
  /**
   * The words of the button that opens the rest of an item, e.g. Read more.
   */
  readMoreLabel: string;
  /**
   * The words of the button that closes it again, e.g. Show less.
   */
  readLessLabel: string;
  /**
   * How many months after its date a news item counts as old (12 when empty). The checker warns about an old item on this list.
   */
  oldAfterMonths?: number;
  /**
   * Tick to leave out the items that are old (see Months until news is old) when the site is built, so the list never shows stale news. When every item is old, the list is not shown.
   */
  leaveOutOld?: boolean;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * The heading band at the top of an inner page, with an optional breadcrumb trail.
 */
export interface PageHeaderBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
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
   * Buttons under the heading.
   */
  buttons?: Link[];
  /**
   * Words before the practice's number on a large call button under the heading, e.g. 'Call': 'Call 8377 1234'. Leave out for none.
   */
  call?: string;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * The contact details of a partner practice (the Partner practices list) and how to book with them.
 */
export interface PartnerContactBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'partner-contact';
  anchor?: Anchor;
  /**
   * Heading, e.g. 'How to Book'. Without it the partner's name is the heading.
   */
  heading?: string;
  /**
   * The partner practice to show, chosen from the Partner practices list.
   */
  partner: string;
  intro?: Markdown;
  /**
   * Words of a call button; the partner's phone number is added, e.g. 'Call to book'. Leave out for no button.
   */
  callLabel?: string;
  /**
   * Other buttons, e.g. 'Contact Us'.
   */
  buttons?: Link[];
  /**
   * Word before the address, e.g. 'Address'.
   */
  addressLabel?: string;
  /**
   * Word before the phone number, e.g. 'Phone'.
   */
  phoneLabel: string;
  /**
   * Word before the e-mail address, e.g. 'Email'.
   */
  emailLabel: string;
  /**
   * Word before the website link, e.g. 'Website'.
   */
  websiteLabel: string;
  /**
   * Read by screen readers after the website link, which opens in a new tab, e.g. '(opens in a new tab)'.
   */
  newTabLabel?: string;
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A heading with formatted text and optional buttons.
 */
export interface SectionBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'section';
  anchor?: Anchor;
  /**
   * A short line above the heading.
   */
  eyebrow?: string;
  /**
   * Section heading.
   */
  heading: string;
  body: Markdown;
  /**
   * Buttons after the text.
   */
  buttons?: Link[];
  /**
   * Background: plain, tinted (light colour) or notice (a highlighted box).
   */
  tone?: 'plain' | 'tinted' | 'notice';
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * The groups of service cards (the Services list). The address ?category=womens shows only the groups whose name contains that word; ?service=skin-checks highlights that card and scrolls to it.
 */
export interface ServiceDirectoryBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'service-directory';
  anchor?: Anchor;
  /**
   * A heading above all the groups. Leave out when the page heading says it.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The service groups to show, chosen from the Services list, in the order shown.
   *
   * @minItems 1
   */
  categories: string[];
  /**
   * Words of the link on each card that has a page, e.g. 'Learn more'.
   */
  linkLabel: string;
  /**
   * Shown when the address picks some groups; {category} becomes the names of the groups shown, e.g. 'Showing {category}.'
   */
  filterLabel: string;
  /**
   * Words of the link back to every group, e.g. 'Show all services'.
   */
  showAllLabel: string;
  /**
   * Shown when no group matches; {category} becomes the word asked for, e.g. 'No services match "{category}".'
   */
  noMatchText: string;
  /**
   * A short tag on the card that a link to this page picked out, e.g. Selected.
   */
  selectedLabel?: string;
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * Cards for nurses, managers or reception staff.
 */
export interface StaffCardsBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'staff-cards';
  /**
   * The heading above the people, e.g. Our Nurses.
   */
  heading: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The staff members to show, chosen from the Staff list, in the order shown.
   *
   * @minItems 1
   */
  staff: string[];
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * A big status message, e.g. '404' and 'Oops! Page not found', with a link.
 */
export interface StatusBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'status';
  /**
   * The big number at the top, e.g. 404.
   */
  code: string;
  /**
   * The message, e.g. 'Oops! Page not found'.
   */
  heading: string;
  link: Link;
  /**
   * More places a visitor may have been looking for, as smaller buttons after the first, e.g. Book, Opening Hours, Fees.
   */
  links?: Link[];
  from?: ShownFrom;
  until?: ShownUntil;
}
/**
 * Numbered steps, e.g. how to get started with mental health care. Numbers follow the order of the list.
 */
export interface StepsBlock {
  /**
   * Which kind of block this is. It is set when the block is added and cannot be changed.
   */
  type: 'steps';
  anchor?: Anchor;
  /**
   * Heading above the steps, e.g. 'How to Get Started'.
   */
  heading?: string;
  /**
   * A sentence under the heading.
   */
  intro?: string;
  /**
   * The steps, first to last.
   *
   * @minItems 1
   */
  items: Step[];
  /**
   * Buttons after the steps.
   */
  buttons?: Link[];
  tone?: Tone;
  from?: ShownFrom;
  until?: ShownUntil;
}
export interface Step {
  /**
   * The step in a few words, e.g. 'Book an appointment'.
   */
  title: string;
  /**
   * A sentence or two about the step.
   */
  text: string;
}
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
