import type { FunctionComponent } from 'react';
import type { Block } from '../generated/site.ts';
import { CardGrid } from './CardGrid/CardGrid.tsx';
import { CtaBand } from './CtaBand/CtaBand.tsx';
import { DoctorCards } from './DoctorCards/DoctorCards.tsx';
import { DoctorCarousel } from './DoctorCarousel/DoctorCarousel.tsx';
import { DoctorProfile } from './DoctorProfile/DoctorProfile.tsx';
import { Hero } from './Hero/Hero.tsx';
import { InfoStrip } from './InfoStrip/InfoStrip.tsx';
import { NewsList } from './NewsList/NewsList.tsx';
import { PageHeader } from './PageHeader/PageHeader.tsx';
import { Section } from './Section/Section.tsx';
import { StaffCards } from './StaffCards/StaffCards.tsx';
import { Status } from './Status/Status.tsx';

/** Each block of the generated union, by its `type`. */
export type BlockMap = { [B in Block as B['type']]: B };
export type Registry = { [K in keyof BlockMap]: FunctionComponent<{ block: BlockMap[K] }> };

/**
 * Every block type in schema/blocks/ mapped to its component. A schema block without a component (or a
 * component for a type the schema lacks) fails `tsc`, so no block can silently render nothing.
 */
const components = {
  'card-grid': CardGrid,
  'cta-band': CtaBand,
  'doctor-cards': DoctorCards,
  'doctor-carousel': DoctorCarousel,
  'doctor-profile': DoctorProfile,
  hero: Hero,
  'info-strip': InfoStrip,
  'news-list': NewsList,
  'page-header': PageHeader,
  section: Section,
  'staff-cards': StaffCards,
  status: Status,
} satisfies Registry;

export const registry: Registry = components;
