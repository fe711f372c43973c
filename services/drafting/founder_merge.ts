/**
 * One founder listed once: the founder the AI drafted from the site and the same person adding
 * their own profile (a co-founder accepting an invite) are merged, the AI's evidence and links
 * kept. Same person: names equal ignoring case, accents, punctuation and middle names or
 * initials, or an email address written from the drafted founder's name (jane.doe@).
 */
import type { Draft, Quote, Socials } from "../../kv/types.ts";
import type { DraftedValue, DraftProposal } from "./evidence.ts";

/** A founder entry of a draft. */
export type DraftFounder = Draft["founders"][number];

/** A name as people are compared: lower case, no accents or punctuation, no middle initials. */
export function personKey(name: string): string {
  const words = name.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]+/gu, " ").split(/[\s-]+/).filter(Boolean);
  if (words.length <= 2) return words.join(" ");
  const [first, ...rest] = words;
  const last = rest.pop()!;
  // Middle names written as initials ("Jane Q. Doe") or left out ("Jane Doe") compare equal.
  return [first, ...rest.filter((w) => w.length > 1), last].join(" ");
}

/** Whether two founder entries name the same person. */
export function samePerson(a: { name: string }, b: { name: string }): boolean {
  const ka = personKey(a.name);
  const kb = personKey(b.name);
  if (ka === kb) return true;
  // "Jane Doe" and "Jane Q. Doe" / "Jane Quinn Doe": same first and last name.
  const [fa, la] = [ka.split(" ")[0], ka.split(" ").pop()];
  const [fb, lb] = [kb.split(" ")[0], kb.split(" ").pop()];
  return ka.includes(" ") && kb.includes(" ") && fa === fb && la === lb;
}

/**
 * The AI's founder merged with the person's own profile: their name, title and bio where they
 * gave one (else the AI's), the AI's evidence and links, and their user id.
 */
export function mergeFounder(
  ai: DraftFounder,
  own: { name: string; title: string | null; bio: string | null; user_id: string },
): DraftFounder {
  return {
    ...ai,
    name: own.name || ai.name,
    title: own.title ?? ai.title,
    bio: own.bio ?? ai.bio,
    user_id: own.user_id,
  };
}

/** Drafted links as a draft stores them: the URLs by key, and each key's quotes. */
export function storedLinks(
  links: Partial<Record<string, DraftedValue<string>>> | undefined,
): { socials: Socials; evidence: Record<string, Quote[]> } {
  const socials: Record<string, string> = {};
  const evidence: Record<string, Quote[]> = {};
  for (const [key, d] of Object.entries(links ?? {})) {
    if (!d || typeof d.value !== "string" || !d.value) continue;
    socials[key] = d.value;
    evidence[key] = d.evidence;
  }
  return { socials: socials as Socials, evidence };
}

/** A proposed founder as a draft stores it (its links as URLs with their quotes). */
function draftFounderOf(f: DraftProposal["founders"][number]): DraftFounder {
  const { links, ...rest } = f;
  const { socials, evidence } = storedLinks(links);
  return {
    ...rest,
    user_id: null,
    ...(Object.keys(socials).length > 0 ? { socials, social_evidence: evidence } : {}),
  };
}

/**
 * Applies a proposal's founders and founder_socials to a draft (in place), leaving alone what a
 * person replaced: the AI's founders, each merged with the same person's own profile when they
 * added one, then the other profiles people added; founder_socials when the draft's primary
 * founder is the AI's first.
 */
export function redraftFounders(draft: Draft, proposal: DraftProposal): void {
  const drafted = proposal.founders.map(draftFounderOf);
  if (!draft.edited_parts.includes("founders")) {
    const added = draft.founders.filter((f) => f.user_id !== null);
    const merged = drafted.map((ai) => {
      const own = added.find((a) => samePerson(a, ai));
      return own ? mergeFounder(ai, { ...own, user_id: own.user_id! }) : ai;
    });
    const rest = added.filter((a) => !merged.some((m) => m.user_id === a.user_id));
    draft.founders = [...merged, ...rest].slice(0, 6);
  }
  const primary = draft.founders[0];
  if (
    proposal.founder_socials && !draft.edited_parts.includes("founder_socials") &&
    (!primary || !proposal.founders[0] || samePerson(primary, proposal.founders[0]))
  ) {
    const { socials, evidence } = storedLinks(proposal.founder_socials);
    draft.founder_socials = socials;
    draft.founder_social_evidence = evidence;
  }
}

/**
 * Whether an email address is written from a person's name: jane.doe@, janedoe@, jane_doe@,
 * j.doe@ or jdoe@ for Jane (Q.) Doe.
 */
export function emailNamesPerson(email: string, name: string): boolean {
  const local = email.split("@")[0].toLowerCase().replace(/\+.*$/, "").replace(/\d+$/, "");
  const words = personKey(name).split(" ");
  if (words.length < 2 || !local) return false;
  const first = words[0];
  const last = words[words.length - 1];
  const forms = [`${first}.${last}`, `${first}${last}`, `${first}_${last}`, `${first}-${last}`];
  forms.push(`${first[0]}.${last}`, `${first[0]}${last}`);
  return forms.includes(local);
}
