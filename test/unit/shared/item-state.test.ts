import { describe, expect, it } from 'vitest';
import { applyChange, EMPTY_ITEM_STATE, type ItemChange, ItemChangeSchema, inverseOf } from '../../../src/shared/domain/itemState.ts';

const done: ItemChange = { id: 'c1', itemKey: 'instagram:17890', field: 'done', from: false, to: true, who: 'me', device: 'this device', at: 1_000 };

describe('item state and its changes', () => {
  it('applies a change to a copy and leaves the state it was given alone', () => {
    const after = applyChange(EMPTY_ITEM_STATE, done);
    expect(after.done).toBe(true);
    expect(EMPTY_ITEM_STATE.done).toBe(false);
  });

  it('takes a change back with its inverse, which names what it undoes', () => {
    const undo = inverseOf(done, { id: 'c2', at: 2_000, who: 'me', device: 'this device' });
    expect(undo).toMatchObject({ field: 'done', from: true, to: false, undoes: 'c1', itemKey: done.itemKey });
    expect(applyChange(applyChange(EMPTY_ITEM_STATE, done), undo)).toEqual(EMPTY_ITEM_STATE);
  });

  it('refuses a change whose values do not fit its field', () => {
    expect(ItemChangeSchema.safeParse(done).success).toBe(true);
    expect(ItemChangeSchema.safeParse({ ...done, to: 'yes' }).success).toBe(false);
    expect(ItemChangeSchema.safeParse({ ...done, field: 'labels' }).success).toBe(false);
    expect(ItemChangeSchema.safeParse({ ...done, itemKey: 'nowhere' }).success).toBe(false);
  });
});
