/** The operations one access scope unlocks, each marked when it is not available yet. */

/** What the list shows of one operation. */
export interface ScopeOperation {
  operationId: string;
  summary: string;
  /** False while the operation answers 501 not_implemented. */
  implemented: boolean;
}

/** A list of the operations of `scope`, e.g. under its checkbox on the API-key form. */
export default function ScopeOperations(
  { scope, operations }: { scope: string; operations: ScopeOperation[] },
) {
  if (operations.length === 0) {
    return <p class="muted small" data-scope-operations={scope}>No operation needs this scope.</p>;
  }
  return (
    <ul
      class="muted small"
      style={{ margin: "0 0 0.4rem 1.6rem" }}
      data-scope-operations={scope}
      aria-label={`Operations the ${scope} scope allows`}
    >
      {operations.map((op) => (
        <li key={op.operationId} data-operation={op.operationId}>
          <code>{op.operationId}</code> {op.summary}
          {!op.implemented && " "}
          {!op.implemented && <em>(not available yet)</em>}
        </li>
      ))}
    </ul>
  );
}
