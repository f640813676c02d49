import type { Doctor, DoctorProfileBlock } from '../../generated/site.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { usePage } from '../../ui/context.ts';
import people from '../StaffCards/people.module.scss';
import styles from './DoctorProfile.module.scss';

/** Days, new patients and languages: each shown when the doctor has it and the block has its label. */
function DoctorFacts({ block, doctor }: { block: DoctorProfileBlock; doctor: Doctor }) {
  const facts: [string | undefined, string | undefined][] = [
    [block.daysLabel, doctor.days],
    [block.newPatientsLabel, doctor.newPatients],
    [block.languagesLabel, doctor.languages?.join(', ') || undefined],
  ];
  const shown = facts.filter((fact): fact is [string, string] => Boolean(fact[0] && fact[1]));
  if (shown.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {shown.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
    </dl>
  );
}

/** The profile on a page made for each doctor; the doctor comes from the page, the words from the block. */
export function DoctorProfile({ block }: { block: DoctorProfileBlock }) {
  const doctor = usePage().doctor;
  if (!doctor) throw new Error('doctor-profile is only for a page with "each: doctors"');
  return (
    <article className="band">
      <div className="container">
        <ButtonLink link={{ ...block.back, style: block.back.style ?? 'text' }} />
        <div className={styles.top}>
          <Avatar name={doctor.name} image={doctor.image} position={doctor.imagePosition} className={styles.photo} eager />
          <div>
            <h1>{doctor.name}</h1>
            <p className={styles.quals}>{doctor.qualifications}</p>
            <DoctorFacts block={block} doctor={doctor} />
            {doctor.specialties.length > 0 && (
              <ul className={people.chips} aria-label={block.specialtiesLabel}>{doctor.specialties.map((s) => <li key={s}>{s}</li>)}</ul>
            )}
            <ButtonLink link={block.book} />
          </div>
        </div>
        <div className={styles.sections}>
          <section className={styles.section}>
            <h2>{block.aboutHeading}</h2>
            <RichText html={doctor.bio} />
          </section>
          {doctor.areas.length > 0 && (
            <section className={`${styles.section} ${styles.side}`}>
              <h2>{block.areasHeading}</h2>
              <ul className={styles.areas}>{doctor.areas.map((a) => <li key={a}>{a}</li>)}</ul>
            </section>
          )}
          {doctor.billingPolicy && (
            <section className={`${styles.section} ${styles.billing}`}>
              <h2>{block.billingHeading}</h2>
              <RichText html={doctor.billingPolicy} />
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
