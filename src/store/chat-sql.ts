/**
 * The chat's reads as SQL both stores run (SQLite marks its parameters `?`, PostgreSQL `$1`, `$2`…): a
 * player's rows are filtered in the query, so a page of chat is a page of what that reader may see and
 * nothing else leaves the database.
 */
import type { ChatQuery, ChatReader } from './store.ts';

type Mark = (position: number) => string;

const COLUMNS = 'seq, id, at, writer, recipient, body';

function where(tableId: string, reader: ChatReader, mark: Mark): { sql: string; values: unknown[]; add: (v: unknown) => string } {
  const values: unknown[] = [tableId];
  const add = (v: unknown) => {
    values.push(v);
    return mark(values.length);
  };
  let sql = `table_id = ${mark(1)}`;
  if (!('gm' in reader)) {
    // to the table, written by the player, or sent to it
    const me = `p:${reader.player}`;
    sql += ` AND (recipient = 'table' OR writer = ${add(me)} OR recipient = ${add(me)})`;
  }
  return { sql, values, add };
}

/** A page of chat: the oldest first after `q.after`, else the newest first (before `q.before`). */
export function chatPage(tableId: string, q: ChatQuery, mark: Mark): { text: string; values: unknown[] } {
  const w = where(tableId, q.reader, mark);
  let sql = w.sql;
  if (q.after !== undefined) sql += ` AND seq > ${w.add(q.after)}`;
  else if (q.before !== undefined) sql += ` AND seq < ${w.add(q.before)}`;
  const text = `SELECT ${COLUMNS} FROM chat_messages WHERE ${sql} ORDER BY seq ${q.after !== undefined ? 'ASC' : 'DESC'} LIMIT ${w.add(q.limit)}`;
  return { text, values: w.values };
}

/** The seq of one message by id, if the reader may see it. */
export function chatCursor(tableId: string, id: string, reader: ChatReader, mark: Mark): { text: string; values: unknown[] } {
  const w = where(tableId, reader, mark);
  const sql = `${w.sql} AND id = ${w.add(id)}`;
  return { text: `SELECT seq FROM chat_messages WHERE ${sql}`, values: w.values };
}
