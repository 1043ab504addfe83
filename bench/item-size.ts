// An item's size as DynamoDB counts it for billing and its 400 KB limit
// (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html): each attribute's
// name in UTF-8 plus its value: a string its UTF-8 bytes, a number about one byte per two significant digits plus one,
// binary its bytes, a boolean or null one byte, a set the sum of its elements, a list or map 3 bytes plus one per
// element besides the elements (and a map's names).

export function itemBytes(item: Record<string, unknown> | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value), 0);
}

function numberBytes(value: number | bigint): number {
  const digits = String(value).replace(/^-/, '').replace(/[.e].*$/, '').replace(/^0+/, '') || '0';
  return 1 + Math.ceil(digits.replace(/0+$/, '').length / 2);
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberBytes(value);
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((sum, element) => sum + valueBytes(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + valueBytes(element), 0);
  return 3 + Object.entries(value as Record<string, unknown>).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name) + valueBytes(element), 0);
}
