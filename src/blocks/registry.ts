import type { FunctionComponent } from 'react';
import type { Block } from '../generated/site.ts';
import { prefersReducedMotion } from '../ui/reducedMotion.ts';

/** Each block of the generated union, by its `type`. */
export type BlockMap = { [B in Block as B['type']]: B };
export type BlockComponent<K extends keyof BlockMap> = FunctionComponent<{ block: BlockMap[K] }>;
export type Registry = { [K in keyof BlockMap]: () => Promise<BlockComponent<K>> };

/**
 * Every block type in schema/blocks/ mapped to its component, loaded on demand so that a page ships only the
 * blocks it uses. A schema block without a component (or a component for a type the schema lacks) fails `tsc`.
 * Convention (checked by tests): type 'card-grid' lives in src/blocks/CardGrid/CardGrid.tsx.
 */
const loaders = {
  'allied-health': () => import('./AlliedHealth/AlliedHealth.tsx').then((m) => m.AlliedHealth),
  article: () => import('./Article/Article.tsx').then((m) => m.Article),
  'card-grid': () => import('./CardGrid/CardGrid.tsx').then((m) => m.CardGrid),
  'checklist-groups': () => import('./ChecklistGroups/ChecklistGroups.tsx').then((m) => m.ChecklistGroups),
  'crisis-services': () => import('./CrisisServices/CrisisServices.tsx').then((m) => m.CrisisServices),
  'cta-band': () => import('./CtaBand/CtaBand.tsx').then((m) => m.CtaBand),
  'doctor-cards': () => import('./DoctorCards/DoctorCards.tsx').then((m) => m.DoctorCards),
  'doctor-carousel': () => import('./DoctorCarousel/DoctorCarousel.tsx').then((m) => m.DoctorCarousel),
  'doctor-profile': () => import('./DoctorProfile/DoctorProfile.tsx').then((m) => m.DoctorProfile),
  downloads: () => import('./Downloads/Downloads.tsx').then((m) => m.Downloads),
  faq: () => import('./Faq/Faq.tsx').then((m) => m.Faq),
  'fee-tables': () => import('./FeeTables/FeeTables.tsx').then((m) => m.FeeTables),
  'feedback-form': () => import('./FeedbackForm/FeedbackForm.tsx').then((m) => m.FeedbackForm),
  hero: () => import('./Hero/Hero.tsx').then((m) => m.Hero),
  'info-cards': () => import('./InfoCards/InfoCards.tsx').then((m) => m.InfoCards),
  'info-strip': () => import('./InfoStrip/InfoStrip.tsx').then((m) => m.InfoStrip),
  'link-list': () => import('./LinkList/LinkList.tsx').then((m) => m.LinkList),
  'news-list': () => import('./NewsList/NewsList.tsx').then((m) => m.NewsList),
  'page-header': () => import('./PageHeader/PageHeader.tsx').then((m) => m.PageHeader),
  'partner-contact': () => import('./PartnerContact/PartnerContact.tsx').then((m) => m.PartnerContact),
  section: () => import('./Section/Section.tsx').then((m) => m.Section),
  'service-directory': () => import('./ServiceDirectory/ServiceDirectory.tsx').then((m) => m.ServiceDirectory),
  'staff-cards': () => import('./StaffCards/StaffCards.tsx').then((m) => m.StaffCards),
  status: () => import('./Status/Status.tsx').then((m) => m.Status),
  steps: () => import('./Steps/Steps.tsx').then((m) => m.Steps),
} satisfies Registry;

export const registry: Registry = loaders;

/**
 * When a block that moves wakes: every island wakes at the first touch of it (a pointer over it, a press, a key,
 * focus coming in).
 * `near`: also as it comes near the screen. `query`: also at once when the page's address has one of these
 * parameters (what the block reads from it). `afterMs`: also this long after the page has loaded (null: it has
 * nothing to do on its own).
 */
export interface IslandRule<B> {
  near?: boolean;
  query?: readonly string[];
  afterMs?: (block: B) => number | null;
}

/**
 * The blocks that move: each is hydrated on its own root in production, and only a page with one of them loads React.
 * Every other block is whole as prerendered HTML (with CSS, or the page's small script of behaviours, for what it does).
 * The prerender and the islands' start script import this table; a type the schema lacks fails `tsc`.
 */
const islandRules = {
  // Below the fold wherever it stands: its code comes as it scrolls near.
  'doctor-carousel': { near: true },
  // Usable only with its script (without, it says so and gives the phone and e-mail): wakes as a field is touched.
  'feedback-form': {},
  // The first picture needs no script: the rest come in time for the first change, if the pictures change at all.
  hero: { afterMs: (block) => (block.images.length > 1 && !prefersReducedMotion() ? Math.max(0, block.intervalMs - 1500) : null) },
  // A directory of links with no query is its own HTML; ?category= and ?service= filter and highlight it.
  'service-directory': { query: ['category', 'service'] },
} satisfies { [K in keyof BlockMap]?: IslandRule<BlockMap[K]> };

/** A block type that moves: the keys of its rules above, so the list is written once. */
export type IslandType = keyof typeof islandRules;

export const islands: { [K in IslandType]: IslandRule<BlockMap[K]> } = islandRules;

export function isIsland(type: string): type is IslandType {
  return Object.hasOwn(islands, type);
}

/** The island types on a page, once each, in the order they first appear; none on a page of static blocks. */
export function islandsOf(blocks: readonly { type: string }[]): IslandType[] {
  const found = new Set<IslandType>();
  for (const { type } of blocks) if (isIsland(type)) found.add(type);
  return [...found];
}

/** 'card-grid' -> 'CardGrid': the folder and file of a block type's component. */
export function componentName(type: string): string {
  return type.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase());
}
