import type { StaffCardsBlock } from '../../generated/site.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useEntity } from '../../ui/context.ts';
import styles from './people.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

function StaffCard({ id }: { id: string }) {
  const person = useEntity('staff', id);
  return (
    <li className={`card ${styles.person}`}>
      <Avatar name={person.name} image={person.image} position={person.imagePosition} className={styles.portrait} sizes="72px" />
      <div>
        <h3>{person.name}</h3>
        <p className={styles.role}>{person.role}</p>
        <p>{person.bio}</p>
      </div>
    </li>
  );
}

export function StaffCards({ block }: { block: StaffCardsBlock }) {
  return (
    <BlockSection heading={block.heading} intro={block.intro}>
      <ul className={styles.compact}>
        {block.staff.map((id) => <StaffCard key={id} id={id} />)}
      </ul>
    </BlockSection>
  );
}
