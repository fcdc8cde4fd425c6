import type { JournaledEventRecord, MarkConditionRecord, RecordEventsRecord } from '../../storage/schema/writeEvents.js';

/**
 * `row` without its activity rows and events whose record (`onlyIf`) does not name it, and with
 * each `namedOnly` list of ids cut to the records that do: the parts of an operation that writes
 * several records (a space's trash or restore and each of its boards) whose own write never
 * happened, or was not the operation's (the record no longer matched). `naming` answers which of
 * the given conditions hold, as keys by `key`. A row without such parts is returned as it is,
 * without reading anything.
 */
export async function onlyNamedParts(
  row: RecordEventsRecord,
  naming: (conditions: readonly MarkConditionRecord[]) => Promise<ReadonlySet<string>>,
  key: (condition: MarkConditionRecord) => string,
): Promise<RecordEventsRecord> {
  const conditions: MarkConditionRecord[] = [];
  for (const part of [...row.activity, ...row.events]) if (part.onlyIf !== undefined) conditions.push(part.onlyIf);
  for (const event of row.events) {
    if (event.namedOnly === undefined) continue;
    for (const id of listed(event)) conditions.push({ collection: event.namedOnly.collection, id });
  }
  if (conditions.length === 0) return row;
  const named = await naming(conditions);
  const holds = (condition: MarkConditionRecord | undefined): boolean => condition === undefined || named.has(key(condition));
  const events = row.events.filter((event) => holds(event.onlyIf)).map((event): JournaledEventRecord => {
    const only = event.namedOnly;
    if (only === undefined) return event;
    return { ...event, payload: { ...event.payload, [only.field]: listed(event).filter((id) => named.has(key({ collection: only.collection, id }))) } };
  });
  return { ...row, activity: row.activity.filter((activity) => holds(activity.onlyIf)), events };
}

/** The ids an event's `namedOnly` field lists. */
function listed(event: JournaledEventRecord): string[] {
  const value = event.namedOnly === undefined ? undefined : event.payload[event.namedOnly.field];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}
