import type { DoctorCardsBlock } from '../../generated/site.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useEntity } from '../../ui/context.ts';
import { profileHref } from '../../ui/links.ts';
import styles from '../StaffCards/people.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

function DoctorCard({ slug, profileLabel, first }: { slug: string; profileLabel: string; first: boolean }) {
  const doctor = useEntity('doctors', slug);
  const href = profileHref(doctor.slug);
  return (
    <li className={`card ${styles.card}`}>
      <Avatar name={doctor.name} image={doctor.image} position={doctor.imagePosition} eager={first} className={styles.doctorPortrait} sizes="(min-width: 768px) 352px, 80px" />
      <div className={styles.body}>
        <h3>{doctor.name}</h3>
        <p className={styles.role}>{doctor.qualifications}</p>
        {doctor.specialties.length > 0 && (
          <ul className={styles.chips}>{doctor.specialties.map((s) => <li key={s}>{s}</li>)}</ul>
        )}
        <p>{doctor.summary}</p>
        {href && <SmartLink href={href} className="btn btn-outline">{profileLabel}<span className="visually-hidden">: {doctor.name}</span></SmartLink>}
      </div>
    </li>
  );
}

export function DoctorCards({ block }: { block: DoctorCardsBlock }) {
  // A list left empty is filled in with every listed doctor (content/automatic.ts); with none, nothing is shown.
  const doctors = block.doctors ?? [];
  if (doctors.length === 0) return null;
  return (
    <BlockSection heading={block.heading} intro={block.intro}>
      <ul className={styles.grid}>
        {/* The first portrait is on screen as the page opens: not lazy. */}
        {doctors.map((slug, i) => <DoctorCard key={slug} slug={slug} profileLabel={block.profileLabel} first={i === 0} />)}
      </ul>
    </BlockSection>
  );
}
