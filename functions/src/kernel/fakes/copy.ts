// The in-memory stores hand out and keep copies, never the objects they were given or hold, as the table does: a
// use case that changes a record it read changes nothing stored until it writes.
export const copy = <T>(value: T): T => structuredClone(value);
