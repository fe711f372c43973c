/** A listing's pricing model and plans, as its website states them. */
import Fact from "./Fact.tsx";
import type { Profile } from "./profile.ts";
import Section from "./Section.tsx";

/** The "Pricing" section, with a note when the website states no pricing. */
export default function Pricing({ pricing }: { pricing: Profile["pricing"] }) {
  return (
    <Section id="pricing" title="Pricing">
      {pricing.model || pricing.summary
        ? (
          <dl class="facts">
            {pricing.model && <Fact term="Model">{pricing.model}</Fact>}
            {pricing.summary && <Fact term="Plans">{pricing.summary}</Fact>}
          </dl>
        )
        : <p class="muted">Pricing is not stated.</p>}
    </Section>
  );
}
