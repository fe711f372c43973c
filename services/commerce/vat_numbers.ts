/**
 * EU VAT numbers: normalising what a buyer typed, the format of each member state's numbers and,
 * where the state has one, its check-digit algorithm (one function per algorithm, one table row per
 * prefix). Formats and algorithms follow the member states' published rules as collected by the
 * European Commission's VIES FAQ and python-stdnum.
 */
import { badRequest } from "../platform/errors.ts";
import { countryOfVatPrefix, vatPrefixOf } from "./vat_countries.ts";

/** The longest VAT number a buyer may type, separators and prefix included. */
export const VAT_NUMBER_MAX_LENGTH = 32;

function digitsOf(text: string): number[] {
  return [...text].map(Number);
}

/** Σ digit × weight over the leading digits (as many as there are weights). */
function weighted(text: string, weights: number[]): number {
  const digits = digitsOf(text);
  return weights.reduce((sum, weight, i) => sum + digits[i] * weight, 0);
}

/** Luhn (ISO/IEC 7812): every second digit from the right doubled, the sum a multiple of 10. */
export function luhnValid(text: string): boolean {
  const sum = digitsOf(text).reverse().reduce((total, digit, i) => {
    const value = i % 2 === 1 ? digit * 2 : digit;
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 over all but the last digit, which is the check digit (DE). */
function mod11x10Valid(text: string): boolean {
  let product = 10;
  for (const digit of digitsOf(text.slice(0, -1))) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(text.at(-1));
}

/** Weighted sum mod 11, the check digit being 11 - remainder (10 invalid, 11 → 0): FI, PT. */
function mod11Complement(text: string, weights: number[], tenIsZero: boolean): boolean {
  const remainder = weighted(text, weights) % 11;
  let check = remainder === 0 ? 0 : 11 - remainder;
  if (check === 10) {
    if (!tenIsZero) return false;
    check = 0;
  }
  return check === Number(text[weights.length]);
}

/** AT (U + 8 digits): Luhn-like sum of the 7 digits, plus 4, complement to 10. */
function austriaValid(body: string): boolean {
  const digits = body.slice(1);
  const sum = digitsOf(digits.slice(0, 7)).reduce((total, digit, i) => {
    const value = i % 2 === 1 ? digit * 2 : digit;
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return (10 - (sum + 4) % 10) % 10 === Number(digits[7]);
}

/** BE (10 digits): the last two are 97 minus the first eight mod 97. */
function belgiumValid(body: string): boolean {
  return 97 - Number(body.slice(0, 8)) % 97 === Number(body.slice(8));
}

/** DK (8 digits): weights 2,7,6,5,4,3,2,1, the sum a multiple of 11. */
function denmarkValid(body: string): boolean {
  return weighted(body, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

const SPAIN_PERSON_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** ES: a company (CIF: letter, 7 digits, check digit or letter) or a person (DNI, NIE, K/L/M). */
function spainValid(body: string): boolean {
  if (/^\d{8}[A-Z]$/.test(body)) {
    return SPAIN_PERSON_LETTERS[Number(body.slice(0, 8)) % 23] === body[8];
  }
  if (/^[XYZ]\d{7}[A-Z]$/.test(body)) {
    const number = Number("XYZ".indexOf(body[0]) + body.slice(1, 8));
    return SPAIN_PERSON_LETTERS[number % 23] === body[8];
  }
  if (/^[KLM]\d{7}[A-Z]$/.test(body)) {
    return SPAIN_PERSON_LETTERS[Number(body.slice(1, 8)) % 23] === body[8];
  }
  const sum = digitsOf(body.slice(1, 8)).reduce((total, digit, i) => {
    const value = i % 2 === 0 ? digit * 2 : digit;
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  const check = (10 - sum % 10) % 10;
  return body[8] === String(check) || body[8] === "JABCDEFGHI"[check];
}

/** FI (8 digits): weights 7,9,10,5,8,4,2, check 11 - remainder (remainder 1 is invalid). */
function finlandValid(body: string): boolean {
  return mod11Complement(body, [7, 9, 10, 5, 8, 4, 2], false);
}

/**
 * FR (2-character key + 9-digit SIREN): a numeric key is (12 + 3 × (SIREN mod 97)) mod 97. Keys
 * with letters (the newer scheme) are checked by their format only.
 */
function franceValid(body: string): boolean {
  if (!/^\d{2}/.test(body)) return true;
  return Number(body.slice(0, 2)) === (12 + 3 * (Number(body.slice(2)) % 97)) % 97;
}

/** IE: 7 digits, check letter, optional second letter (weight 9); old style "1X23456Y" reordered. */
function irelandValid(body: string): boolean {
  const number = /^\d[A-Z+*]/.test(body) ? `0${body.slice(2, 7)}${body[0]}${body[7]}` : body;
  let sum = weighted(number, [8, 7, 6, 5, 4, 3, 2]);
  if (number.length === 9) sum += 9 * "WABCDEFGHI".indexOf(number[8]);
  return "WABCDEFGHIJKLMNOPQRSTUV"[sum % 23] === number[7];
}

/** IT (11 digits): Luhn over all of them. */
function italyValid(body: string): boolean {
  return luhnValid(body);
}

/** NL (9 digits, B, 2 digits): the 11-test of the digits, or MOD 97-10 of "NL" + number (2020). */
function netherlandsValid(body: string): boolean {
  const elevenTest = weighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  if (elevenTest !== 10 && elevenTest === Number(body[8])) return true;
  const numeric = [..."NL" + body].map((c) => /\d/.test(c) ? c : String(c.charCodeAt(0) - 55));
  return BigInt(numeric.join("")) % 97n === 1n;
}

/** PL (10 digits): weights 6,5,7,2,3,4,5,6,7, the sum mod 11 is the last digit. */
function polandValid(body: string): boolean {
  return weighted(body, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(body[9]);
}

/** PT (9 digits): weights 9 to 2, check 11 - remainder (10 and 11 → 0). */
function portugalValid(body: string): boolean {
  return mod11Complement(body, [9, 8, 7, 6, 5, 4, 3, 2], true);
}

/** SE (12 digits ending 01): the first ten pass Luhn. */
function swedenValid(body: string): boolean {
  return luhnValid(body.slice(0, 10));
}

/** One member state's rule: the shape of the number after its prefix, and its check, if any. */
interface VatNumberRule {
  pattern: RegExp;
  check?: (body: string) => boolean;
}

/** The rule of each EU VAT prefix (EL is Greece). */
export const VAT_NUMBER_RULES: Readonly<Record<string, VatNumberRule>> = {
  AT: { pattern: /^U\d{8}$/, check: austriaValid },
  BE: { pattern: /^[01]\d{9}$/, check: belgiumValid },
  BG: { pattern: /^\d{9,10}$/ },
  CY: { pattern: /^[013459]\d{7}[A-Z]$/ },
  CZ: { pattern: /^\d{8,10}$/ },
  DE: { pattern: /^[1-9]\d{8}$/, check: mod11x10Valid },
  DK: { pattern: /^[1-9]\d{7}$/, check: denmarkValid },
  EE: { pattern: /^10\d{7}$/ },
  EL: { pattern: /^\d{9}$/ },
  ES: { pattern: /^[0-9A-Z]\d{7}[0-9A-Z]$/, check: spainValid },
  FI: { pattern: /^\d{8}$/, check: finlandValid },
  FR: { pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: franceValid },
  HR: { pattern: /^\d{11}$/ },
  HU: { pattern: /^\d{8}$/ },
  IE: { pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, check: irelandValid },
  IT: { pattern: /^\d{11}$/, check: italyValid },
  LT: { pattern: /^(\d{9}|\d{12})$/ },
  LU: { pattern: /^\d{8}$/ },
  LV: { pattern: /^\d{11}$/ },
  MT: { pattern: /^[1-9]\d{7}$/ },
  NL: { pattern: /^\d{9}B\d{2}$/, check: netherlandsValid },
  PL: { pattern: /^\d{10}$/, check: polandValid },
  PT: { pattern: /^[1-9]\d{8}$/, check: portugalValid },
  RO: { pattern: /^[1-9]\d{1,9}$/ },
  SE: { pattern: /^\d{10}01$/, check: swedenValid },
  SI: { pattern: /^[1-9]\d{7}$/ },
  SK: { pattern: /^[1-9]\d{9}$/ },
};

/** A well-formed VAT number: its prefix (EL for Greece), the part after it, and both together. */
export interface VatNumber {
  prefix: string;
  body: string;
  /** Prefix and body without separators, e.g. "FR40303265045". */
  normalised: string;
}

/**
 * Checks a typed VAT number against the billing country (an EU member state): separators removed,
 * its prefix (or the billing country's when none was typed) must be the country's, its format and
 * check digits right. Throws the shared 400 naming `vat_number`, saying why.
 * @example parseVatNumber("fr 40 303 265 045", "FR") // → { prefix: "FR", body: "40303265045", ... }
 */
export function parseVatNumber(typed: string, country: string): VatNumber {
  const refuse = (why: string) =>
    badRequest(`Invalid VAT number "${typed}": ${why}`, [{
      path: "vat_number",
      message: why,
    }]);
  if (typed.length > VAT_NUMBER_MAX_LENGTH) {
    throw refuse(`at most ${VAT_NUMBER_MAX_LENGTH} characters`);
  }
  const compact = typed.toUpperCase().replace(/[\s.\-]/g, "");
  if (!/^[A-Z0-9+*]+$/.test(compact)) {
    throw refuse("only letters, digits, spaces, dots and dashes are allowed");
  }
  const expected = vatPrefixOf(country);
  const typedPrefix = /^[A-Z]{2}/.test(compact) ? compact.slice(0, 2) : null;
  if (typedPrefix !== null && typedPrefix !== expected) {
    const why = typedPrefix === "GR"
      ? `Greek VAT numbers start with "EL", not "GR"`
      : countryOfVatPrefix(typedPrefix) === null
      ? `"${typedPrefix}" is not the VAT prefix of an EU member state`
      : `the prefix "${typedPrefix}" does not match the billing country ${country} (expected "${expected}")`;
    throw refuse(why);
  }
  let body = typedPrefix === null ? compact : compact.slice(2);
  if (expected === "BE" && /^\d{9}$/.test(body)) body = `0${body}`;
  const rule = VAT_NUMBER_RULES[expected];
  if (!rule.pattern.test(body)) throw refuse(`not the format of a ${expected} VAT number`);
  if (rule.check && !rule.check(body)) throw refuse("the check digits do not match");
  return { prefix: expected, body, normalised: expected + body };
}
