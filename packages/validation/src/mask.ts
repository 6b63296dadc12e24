/** Mask slots: '0' (digit) and 'S' (letter or digit); every other mask character is a literal. */
const SLOTS = new Set(['0', 'S']);

/**
 * Lays `chars` over `mask` as far as they go. Literals are written only when another character follows
 * them, so partial input never ends in punctuation. The formatters only display what they are given, so a
 * slot takes any character; characters beyond the mask are appended rather than dropped, so a value that
 * is too long is never shown silently shortened.
 */
export function applyMask(chars: string, mask: string): string {
  let out = '';
  let pendingLiterals = '';
  let used = 0;
  for (const slot of mask) {
    if (used >= chars.length) break;
    if (SLOTS.has(slot)) {
      out += pendingLiterals + chars.charAt(used);
      pendingLiterals = '';
      used += 1;
    } else {
      pendingLiterals += slot;
    }
  }
  return out + chars.slice(used);
}

/** Keeps the ASCII digits only. */
export function digitsOnly(input: string): string {
  return input.replace(/[^0-9]/g, '');
}

/** True for a non-empty string made of one repeated character. */
export function isRepeatedCharacter(value: string): boolean {
  return value.length > 0 && value === value.charAt(0).repeat(value.length);
}
