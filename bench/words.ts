/** Words for the synthetic listings: a skewed vocabulary and the typing mistakes made in it. */

export const COMMON_WORDS = (
  "the and for with your to of a in on that is by from our it as at team teams app apps tool " +
  "tools " +
  "software platform simple fast easy online free open source cloud data work workflow workflows " +
  "business businesses small startup startups founder founders customer customers client clients " +
  "invoice invoices invoicing payment payments billing subscription subscriptions accounting " +
  "finance budget expense expenses tax taxes report reports reporting dashboard dashboards " +
  "analytics metrics insight insights tracking tracker track time timer schedule scheduling " +
  "calendar meeting meetings booking bookings appointment email emails newsletter marketing " +
  "campaign campaigns social media content writing writer editor notes note document documents " +
  "docs wiki knowledge base search project projects task tasks todo list board kanban sprint " +
  "roadmap feedback survey surveys form forms website websites landing page pages builder " +
  "design designer designers prototype prototypes interface component components library " +
  "developer developers code coding api apis testing test tests deploy deployment server " +
  "servers database databases monitoring logs alerts uptime security password passwords " +
  "privacy encryption backup backups storage file files sharing share collaboration chat " +
  "messaging video videos recording screen audio podcast podcasts music image images photo " +
  "photos generator assistant agent agents automation automate integrations integration " +
  "sync mobile desktop browser extension plugin chrome slack notion spreadsheet spreadsheets " +
  "crm sales lead leads outreach pipeline deals support helpdesk ticket tickets inbox " +
  "ecommerce store shop shopify inventory shipping orders product products catalog checkout " +
  "learning course courses students teachers education language languages quiz lessons " +
  "fitness health workout habit habits wellbeing sleep meditation mental nutrition recipe " +
  "recipes travel trip trips hotel hiring recruiting candidates interview interviews resume " +
  "jobs remote freelancers freelance agency agencies creators creator community communities " +
  "events event tickets membership memberships portfolio personal family kids pets home " +
  "real estate property legal contract contracts signature signatures compliance audit " +
  "machine intelligence artificial model models prompt prompts chatbot voice translation " +
  "transcription summary summaries research writing grammar seo keywords ranking backlinks " +
  "domain domains hosting performance speed optimization conversion revenue growth pricing " +
  "plans enterprise secure private powerful beautiful modern smart lightweight minimal " +
  "unlimited instant automatic realtime collaborative visual interactive custom branded"
).split(/\s+/);

export const SYLLABLES = (
  "ka lo mi ra ven tor zen flo vi ta ru no pi sa le do qua bri nex sol lu mo ga fi ze tri cor " +
  "pla sta gro lin dex vo ny ark io ly fy hub ify era sync ops bit byte loop wave mint dash"
).split(" ");

/** A vocabulary of a few thousand words: real ones first, then pronounceable made-up ones. */
export function vocabulary(rand: () => number, size: number): string[] {
  const words = new Set(COMMON_WORDS);
  while (words.size < size) {
    const n = 2 + Math.floor(rand() * 3);
    let word = "";
    for (let k = 0; k < n; k++) word += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (word.length >= 4) words.add(word);
  }
  return [...words];
}

/** Samples ranks with a Zipf-like (skewed) distribution. */
export function zipf(rand: () => number, size: number, exponent = 1.05): () => number {
  const cumulative = new Float64Array(size);
  let sum = 0;
  for (let k = 0; k < size; k++) cumulative[k] = sum += 1 / Math.pow(k + 1, exponent);
  return () => {
    const target = rand() * sum;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** One typing mistake (deletion, transposition, substitution, insertion) after the first letter. */
export function typo(rand: () => number, word: string): string {
  const at = 1 + Math.floor(rand() * (word.length - 1));
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(rand() * 26)];
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return at < word.length - 1
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at);
    case 2:
      return word.slice(0, at) + (letter === word[at] ? "x" : letter) + word.slice(at + 1);
    default:
      return word.slice(0, at) + letter + word.slice(at);
  }
}
