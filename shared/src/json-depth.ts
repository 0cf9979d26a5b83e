/**
 * Depth of parsed JSON, measured without recursion: a body nested thousands of levels deep must be
 * refused, not overflow the stack of whoever walks it (zod's recursive `z.json()` did). DynamoDB
 * stores at most 32 levels of nesting in an item.
 */

/**
 * Whether `value` nests objects and arrays more than `maxDepth` levels deep: `{}` and `[]` are one
 * level, `{"a":[1]}` two, a string or a number none. Stops at the first path over the limit.
 */
export function jsonDepthExceeds(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; depth: number };
    if (next.value === null || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children as unknown[]) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth });
    }
  }
  return false;
}
