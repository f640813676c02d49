// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DoctorProfile } from '../../src/blocks/DoctorProfile/DoctorProfile.tsx';
import type { Doctor, DoctorProfileBlock } from '../../src/generated/site.ts';
import { PageContext } from '../../src/ui/context.ts';
import { pageWithIcons } from './pageWithIcons.ts';

afterEach(cleanup);

const doctor: Doctor = {
  slug: 'dr-ada-lane', name: 'Dr Ada Lane', qualifications: 'MBBS', specialties: [], summary: 'A GP.', bio: '<p>Bio.</p>', areas: [], listed: true,
};
const block: DoctorProfileBlock = {
  type: 'doctor-profile', back: { label: 'Back to Doctors', href: '/doctors' }, book: { label: 'Book an Appointment', href: '/appointments' },
  aboutHeading: 'About', areasHeading: 'Areas of Interest', billingHeading: 'Billing Policy', specialtiesLabel: 'Specialties',
  daysLabel: 'Days', newPatientsLabel: 'New patients', languagesLabel: 'Languages',
};

function facts(d: Doctor, b: DoctorProfileBlock = block): string[] {
  const { container } = render(
    <MemoryRouter>
      <PageContext value={pageWithIcons('doctor-profile', { doctor: d })}>
        <DoctorProfile block={b} />
      </PageContext>
    </MemoryRouter>,
  );
  return [...container.querySelectorAll('dl > div')].map((row) => `${row.querySelector('dt')?.textContent} ${row.querySelector('dd')?.textContent}`);
}

describe('doctor-profile: days, new patients and languages', () => {
  it('shows each one the doctor has, under the qualifications', () => {
    expect(facts({ ...doctor, days: 'Monday and Thursday', newPatients: 'Welcomes new patients', languages: ['English', 'Vietnamese'] }))
      .toEqual(['Days Monday and Thursday', 'New patients Welcomes new patients', 'Languages English, Vietnamese']);
    expect(facts({ ...doctor, languages: ['English'] })).toEqual(['Languages English']);
  });

  it('shows nothing for a doctor without them, or a block without their labels', () => {
    expect(facts(doctor)).toEqual([]);
    expect(facts({ ...doctor, languages: [] })).toEqual([]);
    expect(facts({ ...doctor, days: 'Monday' }, { ...block, daysLabel: undefined })).toEqual([]);
  });
});
