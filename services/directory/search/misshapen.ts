/**
 * Readings of a query word that no edit within the allowed distance reaches, because its mistake
 * changed several letters in one stroke: letters typed three or four times or a double letter on
 * the wrong consonant ("kanbbbo", "appolo"), and digits and letters that stand for each other
 * ("zer0mail", "4leaf", "10fold", "allydesk" for "a11ydesk"). Pure string functions; the caller
 * keeps the readings that are terms.
 */

/** Runs of one repeated letter (two or more). */
const REPEATS = /(.)\1+/g;

/**
 * The word with its repeated letters squeezed: every run to one letter, and runs of three or more
 * to two ("kanbbbo" → "kanbo", "kanbbo"; "appolo" → "apolo"). Empty when nothing repeats.
 */
export function squeezedRepeats(term: string): string[] {
  if (!/(.)\1/.test(term)) return [];
  const out = new Set([
    term.replace(REPEATS, "$1"),
    term.replace(/(.)\1\1+/g, "$1$1"),
  ]);
  out.delete(term);
  return [...out];
}

/** Whether two words differ only in doubled letters ("bilvo", "billvo"). */
export function sameSqueezed(a: string, b: string): boolean {
  return a.replace(REPEATS, "$1") === b.replace(REPEATS, "$1");
}

/** Digits typed for the letters they look like ("zer0" → "zero", "1ist" → "list"). */
const LOOK_ALIKE: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
};
/** Digits typed for the number words they say ("4leaf" → "fourleaf", "10fold" → "tenfold"). */
const NUMBER_WORDS: readonly [string, string][] = [
  ["10", "ten"],
  ["1", "one"],
  ["2", "two"],
  ["2", "to"],
  ["3", "three"],
  ["4", "four"],
  ["4", "for"],
  ["5", "five"],
  ["6", "six"],
  ["7", "seven"],
  ["8", "eight"],
  ["9", "nine"],
];
/** Letters a name may spell with digits ("a11y", "l0op"), for a query typed with letters. */
const DIGIT_FOR: Record<string, string> = { l: "1", i: "1", o: "0", e: "3" };
const MAX_READINGS = 24;

/**
 * Letters and digits standing for each other, one change of one kind at a time: each digit (or
 * "10") as its number word, all look-alike digits as letters, and each run of a look-alike letter
 * as digits ("allydesk" → "a11ydesk"). At most 24 readings, none equal to `term`.
 */
export function digitReadings(term: string): string[] {
  const out = new Set<string>();
  for (const [digits, word] of NUMBER_WORDS) {
    for (let at = term.indexOf(digits); at >= 0; at = term.indexOf(digits, at + 1)) {
      out.add(term.slice(0, at) + word + term.slice(at + digits.length));
    }
  }
  const lettered = term.replace(/[0134578]/g, (digit) => LOOK_ALIKE[digit]);
  out.add(lettered);
  for (const run of term.matchAll(/([lioe])\1*/g)) {
    const at = run.index!;
    const digits = DIGIT_FOR[run[1]].repeat(run[0].length);
    out.add(term.slice(0, at) + digits + term.slice(at + run[0].length));
  }
  out.delete(term);
  return [...out].slice(0, MAX_READINGS);
}
