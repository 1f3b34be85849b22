'use client';

// One hand-ordered set (a curated set, a publication's devotion or trending, a subtopic's stories):
// the chosen items in order, a finder to add more, and Save, which sends the ids in this order. After
// a save the page refreshes, so the preview beside it shows what readers now get.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { ItemPicker, type FindItems } from './item-picker';
import { SortableList, type ListItem } from './sortable-list';
import styles from './staff.module.css';

type Props = {
  title: string;
  hint?: string;
  initial: ListItem[];
  find: FindItems;
  findLabel: string;
  save: (ids: string[]) => Promise<unknown>;
  /** The most items the set takes (the API refuses more). */
  max: number;
};

export function OrderedSetEditor({ title, hint, initial, find, findLabel, save, max }: Props) {
  const router = useRouter();
  const { showMessage } = useDialog();
  const [items, setItems] = useState(initial);
  const saving = useMutation(() => save(items.map((item) => item.id)), {
    holdsDialog: false,
    onSuccess: () => {
      router.refresh();
      showMessage('Saved successfully');
    },
  });
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

  return (
    <section className={styles.card} aria-labelledby={`set-${slug}`} data-testid={`set-${slug}`}>
      <h3 id={`set-${slug}`} className={styles.cardTitle}>
        {title}
      </h3>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <SortableList items={items} onChange={setItems} label={title} disabled={saving.busy} />
      <div className={styles.row}>
        <div style={{ flex: '1 1 240px' }}>
          <ItemPicker
            label={findLabel}
            find={find}
            chosen={items}
            disabled={saving.busy}
            full={items.length >= max}
            onAdd={(item) => setItems((current) => [...current, item])}
          />
        </div>
        <Button busy={saving.busy} onClick={() => void saving.run()}>
          Save {title.toLowerCase()}
        </Button>
      </div>
    </section>
  );
}
