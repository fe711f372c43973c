/** A founder story's parts, each under its heading: on listing pages and founder profiles. */
import Paragraphs from "./Paragraphs.tsx";

const STORY_PARTS = [
  ["story", "The story"],
  ["why_started", "Why {person} started"],
  ["problem", "The problem"],
  ["journey", "The journey"],
  ["challenges", "Challenges"],
  ["achievements", "Achievements"],
  ["lessons", "Lessons learned"],
  ["whats_next", "What's next"],
] as const;

/** The parts of a story, each optional. */
export type StoryText = Partial<Record<typeof STORY_PARTS[number][0], string>>;

interface StoryPartsProps {
  story: StoryText;
  /** Who tells it: "we" on a listing, "I" on a founder's profile. */
  person: "I" | "we";
}

/** The parts the story has, in order; the first (the story itself) without a heading. */
export default function StoryParts({ story, person }: StoryPartsProps) {
  return (
    <>
      {STORY_PARTS.filter(([key]) => story[key]).map(([key, label]) => (
        <div key={key} class="story-part">
          {key !== "story" && <h3>{label.replace("{person}", person)}</h3>}
          <Paragraphs text={story[key] ?? ""} />
        </div>
      ))}
    </>
  );
}
