/** A listing's founder story, when the listing has unlocked it. */
import StoryParts from "../StoryParts.tsx";
import type { Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The story section; nothing without a story or with an empty one. */
export default function Story({ listing }: { listing: Profile }) {
  const story = "story" in listing ? listing.story : undefined;
  if (!story || !Object.values(story).some(Boolean)) return null;
  return (
    <Section id="story" title={story.title || "Founder story"}>
      <StoryParts story={story} person="we" />
    </Section>
  );
}
