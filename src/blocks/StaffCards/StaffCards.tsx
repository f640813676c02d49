import type { StaffCardsBlock } from '../../generated/site.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useEntity } from '../../site/context.ts';
import styles from './people.module.scss';

function StaffCard({ id }: { id: string }) {
  const person = useEntity('staff', id);
  return (
    <li className={`card ${styles.card}`}>
      <Avatar name={person.name} image={person.image} position={person.imagePosition} />
      <div className={styles.body}>
        <h3>{person.name}</h3>
        <p className={styles.role}>{person.role}</p>
        <p>{person.bio}</p>
      </div>
    </li>
  );
}

export function StaffCards({ block }: { block: StaffCardsBlock }) {
  return (
    <section className="band">
      <div className="container">
        <div className="section-head"><h2>{block.heading}</h2>{block.intro && <p>{block.intro}</p>}</div>
        <ul className={styles.grid}>
          {block.staff.map((id) => <StaffCard key={id} id={id} />)}
        </ul>
      </div>
    </section>
  );
}
