'use client';

// An ordered list the staff rearranges: drag an item by its handle (mouse, touch, or the keyboard:
// Space to lift, arrows to move, Space to drop — @dnd-kit's keyboard sensor), or use its Up and Down
// buttons; Remove takes it out. The list is the caller's state: every change goes through onChange.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import styles from './staff.module.css';

export type ListItem = { id: string; label: string; detail?: string };

type Props = {
  items: ListItem[];
  onChange: (items: ListItem[]) => void;
  /** Names the list for screen readers and tests ("Editor pick"). */
  label: string;
  disabled?: boolean;
};

export function SortableList({ items, onChange, label, disabled }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => onChange(arrayMove(items, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };

  if (items.length === 0) return <p className={styles.empty}>Nothing chosen yet.</p>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className={styles.list} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              item={item}
              index={index}
              last={index === items.length - 1}
              disabled={disabled}
              onMove={(to) => move(index, to)}
              onRemove={() => onChange(items.filter((other) => other.id !== item.id))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow(props: {
  item: ListItem;
  index: number;
  last: boolean;
  disabled?: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { item, index, last, disabled } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`${styles.item} ${isDragging ? styles.itemDragging : ''}`}
      data-testid="sortable-item"
    >
      <span className={styles.position}>{index + 1}.</span>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={`Drag ${item.label}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className={styles.itemText}>
        {item.label}
        {item.detail ? <span className={styles.itemDetail}>{item.detail}</span> : null}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Move ${item.label} up`}
        disabled={disabled || index === 0}
        onClick={() => props.onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Move ${item.label} down`}
        disabled={disabled || last}
        onClick={() => props.onMove(index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Remove ${item.label}`}
        disabled={disabled}
        onClick={props.onRemove}
      >
        ×
      </button>
    </li>
  );
}
