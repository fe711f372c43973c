/** Server side of the islands: renders a component inside the marker that islands/client.ts hydrates. */
import type { ComponentType } from "preact";

/**
 * Wraps an island component for server rendering: its HTML goes inside
 * `<div data-island="Name" data-props="{...}">`, and the browser bundle hydrates it with the same
 * props. Props must be JSON (no functions, dates or undefined-only values).
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
): ComponentType<P> {
  function Island(props: P) {
    return (
      <div class="island" data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
