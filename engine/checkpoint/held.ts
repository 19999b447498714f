/**
 * What the executor holds, keyed by step: snapshots x_t or recorded steps t. Storage grows only
 * to the most items held at once (freed slots are reused); a step → slot index of T + 1 integers
 * finds them in O(1).
 */
export class Held<V> {
  /** Items held now. */
  size = 0;
  private readonly slotOf: Int32Array;
  private readonly items: V[] = [];
  private readonly freeSlots: number[] = [];

  /** For steps 0 … `lastStep`. */
  constructor(lastStep: number) {
    this.slotOf = new Int32Array(lastStep + 1).fill(-1);
  }

  has(step: number): boolean {
    return step >= 0 && step < this.slotOf.length && this.slotOf[step] >= 0;
  }

  /** The item held for `step`; call only when `has(step)`. */
  get(step: number): V {
    return this.items[this.slotOf[step]];
  }

  /** Holds `item` for `step`; call only when not `has(step)`. */
  set(step: number, item: V): void {
    const slot = this.freeSlots.pop() ?? this.items.length;
    this.items[slot] = item;
    this.slotOf[step] = slot;
    this.size++;
  }

  /** Drops the item held for `step`; false if there was none. */
  delete(step: number): boolean {
    if (!this.has(step)) return false;
    this.freeSlots.push(this.slotOf[step]);
    this.slotOf[step] = -1;
    this.size--;
    return true;
  }
}
