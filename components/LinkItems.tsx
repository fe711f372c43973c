/** Plain links as list items, for navigation lists (footer, tables of contents). */
import type { ComponentChildren } from "preact";

/** A link of a navigation list, with an optional note after it. */
export interface NavLink {
  href: string;
  label: string;
  after?: ComponentChildren;
}

/** One `<li>` per link (the caller owns the list). */
export default function LinkItems({ links }: { links: NavLink[] }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
          {link.after && <>{" "}{link.after}</>}
        </li>
      ))}
    </>
  );
}
