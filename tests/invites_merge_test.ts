/**
 * A co-founder who accepts an invite is merged with the founder the AI drafted for the same person
 * (name ignoring case, accents and middle initials, or an email written from the name): listed
 * once, the AI's evidence and links kept, their user id gained. A redraft keeps the merge, and
 * founder_socials with their evidence follow the primary founder unless a person edited them.
 */
import assert from "node:assert/strict";
import { buildFixture, type Fixture } from "./fixtures.ts";
import { createDraft, getDraftEntry, saveDraft } from "../kv/drafts.ts";
import { getOrCreateUser } from "../kv/users.ts";
import type { Draft } from "../kv/types.ts";
import { applyProposal, draftView, newDraft } from "../services/drafting/drafts.ts";
import { acceptCofounderInvite, inviteCofounder } from "../services/drafting/invites.ts";
import { updateDraft } from "../services/drafting/draft_edits.ts";
import { webCaller } from "../services/access/access.ts";
import { listOutbox } from "../services/platform/mail.ts";
import { personKey, samePerson } from "../services/drafting/founder_merge.ts";
import type { DraftProposal } from "../services/drafting/evidence.ts";

const TEAM = "https://tidewell.example/team";
const q = (quote: string) => ({ quote, url: TEAM });

/** A ready draft of the fixture's owner with the two founders the AI drafted. */
async function draftWithFounders(
  f: Fixture,
): Promise<{ draft: Draft; owner: { id: string; email: string } }> {
  const owner = await getOrCreateUser(f.deps.kv, "ada@invoicely.example", "Ada", f.deps.now());
  const draft = newDraft(owner.id, "https://tidewell.example/", f.deps.now());
  draft.status = "ready";
  draft.founders = [
    {
      name: "Ana Silva",
      title: "Co-founder & CEO",
      bio: null,
      evidence: [q("Ana Silva Co-founder & CEO")],
      user_id: null,
    },
    {
      name: "Rui Costa",
      title: "Co-founder & CTO",
      bio: null,
      evidence: [q("Rui Costa, Co-founder & CTO")],
      user_id: null,
      socials: { github: "https://github.com/ruicosta" },
      social_evidence: { github: [q("Rui Costa, Co-founder & CTO GitHub")] },
    },
  ];
  await createDraft(f.deps.kv, draft);
  return { draft, owner };
}

/** Invites `email`, signs that person in, and accepts with `profile`; returns the stored draft. */
async function accept(
  f: Fixture,
  draft: Draft,
  owner: { id: string; email: string },
  email: string,
  profile: { name: string; title: string; bio: string },
): Promise<Draft> {
  await inviteCofounder(f.deps, webCaller(owner), draft.id, email);
  const mail = (await listOutbox(f.deps.kv, 50)).find((m) => m.to === email)!;
  const token = mail.text.match(/\/invites\/(\S+)/)![1];
  const user = await getOrCreateUser(f.deps.kv, email, profile.name, f.deps.now());
  await acceptCofounderInvite(f.deps, user, token, profile);
  return (await getDraftEntry(f.deps.kv, draft.id)).value!;
}

Deno.test("names compare ignoring case, accents, punctuation and middle initials", () => {
  assert.equal(personKey("ANA M. SÍLVA"), "ana silva");
  assert.ok(samePerson({ name: "Jane Q. Doe" }, { name: "jane doe" }));
  assert.ok(samePerson({ name: "Jane Quinn Doe" }, { name: "Jane Doe" }));
  assert.ok(!samePerson({ name: "Jane Doe" }, { name: "John Doe" }));
  assert.ok(!samePerson({ name: "Ana" }, { name: "Ana Silva" }));
});

Deno.test("a co-founder accepting an invite is merged with the AI's founder of the same name", async () => {
  const f = await buildFixture();
  const { draft, owner } = await draftWithFounders(f);
  const after = await accept(f, draft, owner, "ana@tidewell.example", {
    name: "ANA M. SÍLVA",
    title: "",
    bio: "Builds the support inbox.",
  });
  assert.equal(after.founders.length, 2, "listed once, not twice");
  const ana = after.founders[0];
  assert.equal(ana.name, "ANA M. SÍLVA");
  assert.equal(ana.title, "Co-founder & CEO", "an empty title keeps the AI's");
  assert.equal(ana.bio, "Builds the support inbox.");
  assert.deepEqual(ana.evidence, [q("Ana Silva Co-founder & CEO")], "the AI's evidence is kept");
  assert.ok(ana.user_id);
  const view = draftView(f.deps, after);
  assert.equal(view.founders[0].added_by_cofounder, true);
  assert.equal(view.invites[0].accepted, true);
});

Deno.test("an email written from the drafted name merges too; another person is added", async () => {
  const f = await buildFixture();
  const { draft, owner } = await draftWithFounders(f);
  let after = await accept(f, draft, owner, "rui.costa@tidewell.example", {
    name: "R. Costa",
    title: "CTO",
    bio: "",
  });
  assert.deepEqual(after.founders.map((x) => x.name), ["Ana Silva", "R. Costa"]);
  const rui = after.founders[1];
  assert.equal(rui.title, "CTO");
  assert.deepEqual(
    rui.socials,
    { github: "https://github.com/ruicosta" },
    "the AI's links are kept",
  );
  assert.ok(rui.user_id);
  after = await accept(f, after, owner, "lena@tidewell.example", {
    name: "Lena Park",
    title: "Designer",
    bio: "",
  });
  assert.deepEqual(after.founders.map((x) => x.name), ["Ana Silva", "R. Costa", "Lena Park"]);
});

Deno.test("a redraft keeps the merged founder once, and founder_socials follow the primary founder", async () => {
  const f = await buildFixture();
  const { draft, owner } = await draftWithFounders(f);
  const merged = await accept(f, draft, owner, "ana@tidewell.example", {
    name: "Ana Silva",
    title: "",
    bio: "",
  });
  const link = "https://www.linkedin.com/in/anasilva";
  const proposal: DraftProposal = {
    fields: {},
    faqs: [],
    founders: [
      {
        name: "Ana Silva",
        title: "Co-founder & CEO",
        bio: null,
        evidence: [q("Ana Silva Co-founder & CEO")],
      },
      {
        name: "Rui Costa",
        title: "Co-founder & CTO",
        bio: null,
        evidence: [q("Rui Costa, Co-founder & CTO")],
      },
    ],
    company_socials: {},
    founder_socials: {
      linkedin: { value: link, evidence: [q("Ana Silva Co-founder & CEO LinkedIn"), q(link)] },
    },
    story: {},
    milestones: [],
  };
  const next = applyProposal(merged, proposal);
  assert.deepEqual(next.founders.map((x) => x.name), ["Ana Silva", "Rui Costa"]);
  assert.equal(
    next.founders[0].user_id,
    merged.founders[0].user_id,
    "the merge survives a redraft",
  );
  assert.deepEqual(next.founder_socials, { linkedin: link });
  assert.deepEqual(draftView(f.deps, next).founder_social_evidence, {
    linkedin: [q("Ana Silva Co-founder & CEO LinkedIn"), q(link)],
  });
  // A person's own change to founder_socials is kept by the next redraft.
  assert.ok(await saveDraft(f.deps.kv, await getDraftEntry(f.deps.kv, draft.id), next));
  const edited = await updateDraft(f.deps, webCaller(owner), draft.id, {
    founder_socials: { linkedin: "https://www.linkedin.com/in/ana-own" },
  });
  assert.deepEqual(edited.founder_socials, { linkedin: "https://www.linkedin.com/in/ana-own" });
  assert.deepEqual(edited.founder_social_evidence, {}, "a person's link carries no AI quotes");
  const stored = (await getDraftEntry(f.deps.kv, draft.id)).value!;
  const again = applyProposal(stored, proposal);
  assert.deepEqual(again.founder_socials, { linkedin: "https://www.linkedin.com/in/ana-own" });
});
