import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { addresses, contacts } from '../../db/schema/records';
import { OWNERS, ownerColumnKey, type AddressRow, type AnyEntityTable, type ContactRow, type OwnerKind } from './records.tables';

/** Addresses and contacts of their owners (clients, contact persons, cost centres, legal entities) and the primary flags. */
export function createOwnedRecordsRepository(db: DbOrTx) {
  return {
    ownerCondition(kind: OwnerKind, what: 'address' | 'contact', ownerId: string): SQL {
      return eq(OWNERS[kind][what], ownerId);
    },

    /** Locks the owner row so primary-flag changes of one owner run one at a time. */
    async lockOwner(kind: OwnerKind, ownerId: string): Promise<boolean> {
      const table = OWNERS[kind].table as AnyEntityTable;
      const [row] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, ownerId))
        .for('update');
      return !!row;
    },

    /** An owner's address; with `lock`, locked for the write's transaction (its version checked against If-Match). */
    async findAddress(kind: OwnerKind, ownerId: string, id: string, options: { lock?: boolean } = {}): Promise<AddressRow | undefined> {
      const query = db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(OWNERS[kind].address, ownerId)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** An owner's contact; with `lock`, locked for the write's transaction (its version checked against If-Match). */
    async findContact(kind: OwnerKind, ownerId: string, id: string, options: { lock?: boolean } = {}): Promise<ContactRow | undefined> {
      const query = db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, id), eq(OWNERS[kind].contact, ownerId)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async addressesByIds(wanted: string[]): Promise<AddressRow[]> {
      return wanted.length ? db.select().from(addresses).where(idIn(addresses.id, wanted)) : [];
    },

    async contactsByIds(wanted: string[]): Promise<ContactRow[]> {
      return wanted.length ? db.select().from(contacts).where(idIn(contacts.id, wanted)) : [];
    },

    async hasPrimaryAddress(kind: OwnerKind, ownerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(OWNERS[kind].address, ownerId), eq(addresses.isPrimary, true)));
      return !!row;
    },

    async hasPrimaryContact(kind: OwnerKind, ownerId: string, type: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(OWNERS[kind].contact, ownerId),
            eq(contacts.contactType, type),
            eq(contacts.isPrimary, true),
            exceptId ? ne(contacts.id, exceptId) : undefined,
          ),
        );
      return !!row;
    },

    async insertAddress(values: typeof addresses.$inferInsert): Promise<AddressRow> {
      const [row] = await db.insert(addresses).values(values).returning();
      return row!;
    },

    async insertContact(values: typeof contacts.$inferInsert): Promise<ContactRow> {
      const [row] = await db.insert(contacts).values(values).returning();
      return row!;
    },

    async updateAddress(id: string, values: Partial<typeof addresses.$inferInsert>): Promise<AddressRow> {
      const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning();
      return row!;
    },

    async updateContact(id: string, values: Partial<typeof contacts.$inferInsert>): Promise<ContactRow> {
      const [row] = await db.update(contacts).set(values).where(eq(contacts.id, id)).returning();
      return row!;
    },

    async deleteAddress(id: string) {
      await db.delete(addresses).where(eq(addresses.id, id));
    },

    async deleteContact(id: string) {
      await db.delete(contacts).where(eq(contacts.id, id));
    },

    /** Clears the owner's primary address (or primary contact of a type), so another can take the flag. */
    async clearPrimaryAddress(kind: OwnerKind, ownerId: string) {
      await db
        .update(addresses)
        .set({ isPrimary: false })
        .where(and(eq(OWNERS[kind].address, ownerId), eq(addresses.isPrimary, true)));
    },

    async clearPrimaryContact(kind: OwnerKind, ownerId: string, type: string) {
      await db
        .update(contacts)
        .set({ isPrimary: false })
        .where(and(eq(OWNERS[kind].contact, ownerId), eq(contacts.contactType, type), eq(contacts.isPrimary, true)));
    },

    /** Promotes the oldest remaining address (or contact of the type) when the primary went away. */
    async promoteOldestAddress(kind: OwnerKind, ownerId: string): Promise<AddressRow | undefined> {
      const [oldest] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(OWNERS[kind].address, ownerId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (!oldest) return undefined;
      const [row] = await db.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, oldest.id)).returning();
      return row;
    },

    async promoteOldestContact(kind: OwnerKind, ownerId: string, type: string): Promise<ContactRow | undefined> {
      const [oldest] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(OWNERS[kind].contact, ownerId), eq(contacts.contactType, type)))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .limit(1);
      if (!oldest) return undefined;
      const [row] = await db.update(contacts).set({ isPrimary: true }).where(eq(contacts.id, oldest.id)).returning();
      return row;
    },

    /** Primary addresses of a page of owners: one statement. */
    async primaryAddresses(kind: OwnerKind, ownerIds: string[]): Promise<Map<string, AddressRow>> {
      const column = OWNERS[kind].address;
      const rows = await db
        .select()
        .from(addresses)
        .where(and(idIn(column, ownerIds), eq(addresses.isPrimary, true)));
      const key = ownerColumnKey[kind];
      return new Map(rows.map((row) => [row[key] as string, row]));
    },


    /** Primary contacts of a page of owners, by type: one statement. */
    async primaryContacts(kind: OwnerKind, ownerIds: string[]): Promise<Map<string, Record<string, string>>> {
      const column = OWNERS[kind].contact;
      const rows = await db
        .select()
        .from(contacts)
        .where(and(idIn(column, ownerIds), eq(contacts.isPrimary, true)));
      const key = ownerColumnKey[kind];
      const map = new Map<string, Record<string, string>>();
      for (const row of rows) {
        const owner = row[key] as string;
        map.set(owner, { ...(map.get(owner) ?? {}), [row.contactType]: row.contactDetail });
      }
      return map;
    },
  };
}
