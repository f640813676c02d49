import type { FunctionComponent } from 'react';
import type { Block } from '../generated/site.ts';

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
  'card-grid': () => import('./CardGrid/CardGrid.tsx').then((m) => m.CardGrid),
  'cta-band': () => import('./CtaBand/CtaBand.tsx').then((m) => m.CtaBand),
  'doctor-cards': () => import('./DoctorCards/DoctorCards.tsx').then((m) => m.DoctorCards),
  'doctor-carousel': () => import('./DoctorCarousel/DoctorCarousel.tsx').then((m) => m.DoctorCarousel),
  'doctor-profile': () => import('./DoctorProfile/DoctorProfile.tsx').then((m) => m.DoctorProfile),
  hero: () => import('./Hero/Hero.tsx').then((m) => m.Hero),
  'info-strip': () => import('./InfoStrip/InfoStrip.tsx').then((m) => m.InfoStrip),
  'news-list': () => import('./NewsList/NewsList.tsx').then((m) => m.NewsList),
  'page-header': () => import('./PageHeader/PageHeader.tsx').then((m) => m.PageHeader),
  section: () => import('./Section/Section.tsx').then((m) => m.Section),
  'staff-cards': () => import('./StaffCards/StaffCards.tsx').then((m) => m.StaffCards),
  status: () => import('./Status/Status.tsx').then((m) => m.Status),
} satisfies Registry;

export const registry: Registry = loaders;

/** 'card-grid' -> 'CardGrid': the folder and file of a block type's component. */
export function componentName(type: string): string {
  return type.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase());
}
