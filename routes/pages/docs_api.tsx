/** `/docs/api`: the human-readable API reference, rendered from the OpenAPI document. */
import { type ComponentChildren, Fragment } from "preact";
import { ERROR_CODES } from "../../services/platform/mod.ts";
import {
  constraintsOf,
  type Json,
  refName,
  resolveRef,
  schemaRows,
  typeOf,
} from "../../components/api_schema.ts";
import { renderMarkdownInline } from "../../components/markdown.ts";
import LinkItems, { type NavLink } from "../../components/LinkItems.tsx";
import { MCP_PROTOCOL_VERSIONS } from "../../services/directory/mod.ts";
import { type PageHandler, renderPage } from "./_page.tsx";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** One operation of the document, with its path and method. */
interface OperationEntry {
  method: string;
  path: string;
  op: Json;
}

/** The operations of the document, grouped by their first tag in the order of `tags`. */
export function operationsByTag(doc: Json): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>();
  for (const tag of (doc.tags as Json[] | undefined) ?? []) groups.set(String(tag.name), []);
  for (
    const [path, item] of Object.entries((doc.paths as Record<string, Json> | undefined) ?? {})
  ) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = String((op.tags as string[] | undefined)?.[0] ?? "Other");
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  return [...groups].filter(([, ops]) => ops.length > 0);
}

export const handler: PageHandler = (ctx) =>
  renderPage(ctx, {
    title: "API reference",
    description:
      "The Launch Directory REST API and MCP server: authentication, errors, pagination, idempotency and every operation with its parameters.",
    section: "api",
  }, <ApiReferencePage doc={ctx.openApi()} origin={ctx.deps.config.publicUrl} />);

function Markdown({ text, class: className }: { text: string; class?: string }) {
  return <p class={className} dangerouslySetInnerHTML={{ __html: renderMarkdownInline(text) }} />;
}

function Constraints({ list }: { list: string[] }) {
  if (list.length === 0) return <span class="muted">–</span>;
  return (
    <ul class="constraints">
      {list.map((c) => (
        <li key={c}>
          {c.startsWith("pattern: ")
            ? (
              <>
                pattern <code>{c.slice(9)}</code>
              </>
            )
            : c}
        </li>
      ))}
    </ul>
  );
}

/** The guide's sections before the operations: id → title and the title's id. */
const GUIDE_SECTIONS = {
  overview: ["Overview", "overview-title"],
  authentication: ["Authentication", "auth-title"],
  errors: ["Errors", "errors-title"],
  pagination: ["Pagination", "pagination-title"],
  idempotency: ["Idempotency", "idempotency-title"],
  "rate-limits": ["Rate limits", "rate-title"],
  mcp: ["MCP server", "mcp-title"],
} as const;

const GUIDE_LINKS: NavLink[] = Object.entries(GUIDE_SECTIONS).map(([id, [title]]) => ({
  href: `#${id}`,
  label: title,
}));

function GuideSection(
  { id, children }: { id: keyof typeof GUIDE_SECTIONS; children: ComponentChildren },
) {
  const [title, titleId] = GUIDE_SECTIONS[id];
  return (
    <section id={id} class="card docs-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

function ApiTable({ columns, children }: { columns: string[]; children: ComponentChildren }) {
  return (
    <table class="api-table">
      <thead>
        <tr>
          {columns.map((name) => <th key={name} scope="col">{name}</th>)}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A cell with a name in code type; `indent` steps in a nested field. */
function CodeCell({ code, indent }: { code: string; indent?: number }) {
  return (
    <td style={indent === undefined ? undefined : { paddingLeft: `${0.75 + indent * 1.1}rem` }}>
      <code>{code}</code>
    </td>
  );
}

/** A table of plain values keyed by the name in each row's first cell. */
function KeyTable(
  { columns, rows }: { columns: string[]; rows: [string, ...(string | number)[]][] },
) {
  return (
    <ApiTable columns={columns}>
      {rows.map(([key, ...values]) => (
        <tr key={key}>
          <CodeCell code={key} />
          {values.map((value, i) => <td key={i}>{value}</td>)}
        </tr>
      ))}
    </ApiTable>
  );
}

/** The last three cells of a parameter's or a field's row. */
function FieldCells(
  { required, constraints, description }: {
    required: boolean;
    constraints: string[];
    description: ComponentChildren;
  },
) {
  return (
    <>
      <td>{required ? <strong>yes</strong> : "no"}</td>
      <td>
        <Constraints list={constraints} />
      </td>
      <td>{description}</td>
    </>
  );
}

function ParametersTable({ doc, parameters }: { doc: Json; parameters: Json[] }) {
  return (
    <div class="table-wrap">
      <ApiTable columns={["Name", "In", "Type", "Required", "Constraints", "Description"]}>
        {parameters.map((raw) => {
          const p = resolveRef(doc, raw);
          const schema = resolveRef(doc, p.schema);
          return (
            <tr key={`${p.in}-${p.name}`}>
              <CodeCell code={String(p.name)} />
              <td>{String(p.in)}</td>
              <td>{typeOf(schema)}</td>
              <FieldCells
                required={Boolean(p.required)}
                constraints={constraintsOf(schema)}
                description={typeof p.description === "string" &&
                  <Markdown text={p.description} />}
              />
            </tr>
          );
        })}
      </ApiTable>
    </div>
  );
}

function BodyTable({ doc, schema }: { doc: Json; schema: Json }) {
  const rows = schemaRows(doc, schema);
  if (rows.length === 0) return <p class="muted">An empty JSON object.</p>;
  return (
    <div class="table-wrap">
      <ApiTable columns={["Field", "Type", "Required", "Constraints", "Description"]}>
        {rows.map((row) => (
          <tr key={row.path} class={row.depth > 0 ? "nested" : undefined}>
            <CodeCell code={row.path} indent={row.depth} />
            <td>{row.type}</td>
            <FieldCells
              required={row.required}
              constraints={row.constraints}
              description={row.description && <Markdown text={row.description} />}
            />
          </tr>
        ))}
      </ApiTable>
    </div>
  );
}

function Operation({ doc, entry }: { doc: Json; entry: OperationEntry }) {
  const { op, method, path } = entry;
  const id = String(op.operationId);
  const access = String(op["x-access"] ?? "public");
  const parameters = (op.parameters as Json[] | undefined) ?? [];
  const idempotent = parameters.some((p) => refName(p) === "IdempotencyKey");
  const body = resolveRef(
    doc,
    ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"],
  );
  const responses = Object.entries((op.responses as Record<string, Json> | undefined) ?? {});
  return (
    <section class="api-op card" id={id} aria-labelledby={`${id}-title`}>
      <header class="api-op-header">
        <h3 id={`${id}-title`}>
          <a class="anchor" href={`#${id}`} aria-label={`Link to ${id}`}>#</a>{" "}
          {String(op.summary ?? id)}
        </h3>
        <p class="api-endpoint">
          <span class={`method method-${method}`}>{method.toUpperCase()}</span>
          <code>/api/v1{path}</code>
        </p>
        <p class="api-meta">
          <span>
            operationId <code>{id}</code>
          </span>
          <span>
            MCP tool <code>{id}</code>
          </span>
          {access === "public"
            ? <span class="access access-public">Public: no credentials needed</span>
            : (
              <span class="access access-scope">
                Requires scope <code>{access}</code>
              </span>
            )}
          {op["x-paginated"] === true && <span class="access">Paginated</span>}
          {idempotent && <span class="access">Accepts Idempotency-Key</span>}
        </p>
      </header>
      {typeof op.description === "string" && (
        <Markdown class="api-description" text={op.description} />
      )}
      {parameters.filter((p) => refName(p) !== "IdempotencyKey").length > 0 && (
        <>
          <h4>Parameters</h4>
          <ParametersTable doc={doc} parameters={parameters} />
        </>
      )}
      {body.schema !== undefined && (
        <>
          <h4>Request body</h4>
          <p class="muted small">
            JSON (<code>Content-Type: application/json</code>). Fields not listed here are refused
            with a 400.
          </p>
          <BodyTable doc={doc} schema={resolveRef(doc, body.schema)} />
        </>
      )}
      <h4>Responses</h4>
      <dl class="responses">
        {responses.map(([status, raw]) => {
          const response = resolveRef(doc, raw);
          const ok = status.startsWith("2");
          return (
            <Fragment key={status}>
              <dt class={ok ? "status status-ok" : "status status-error"}>{status}</dt>
              <dd>
                {String(response.description ?? "") +
                  (ok
                    ? (op["x-paginated"] === true ? ", with the pagination envelope" : "")
                    : " (error body)")}
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </section>
  );
}

interface ApiReferencePageProps {
  doc: Json;
  /** The public origin, for the MCP endpoint. */
  origin: string;
}

/** The whole reference: introduction, table of contents and every operation by tag. */
export default function ApiReferencePage({ doc, origin }: ApiReferencePageProps) {
  const info = (doc.info ?? {}) as Json;
  const base = String(((doc.servers as Json[] | undefined)?.[0]?.url) ?? `${origin}/api/v1`);
  const components = (doc.components ?? {}) as Json;
  const oauth = resolveRef(doc, (components.securitySchemes as Json | undefined)?.oauth2);
  const flow = ((oauth.flows as Json | undefined)?.authorizationCode ?? {}) as Json;
  const scopes = Object.entries((flow.scopes as Record<string, string> | undefined) ?? {});
  const idempotency = resolveRef(doc, (components.parameters as Json | undefined)?.IdempotencyKey);
  const groups = operationsByTag(doc);
  const total = groups.reduce((n, [, ops]) => n + ops.length, 0);
  const idempotentOps = groups.flatMap(([, ops]) => ops)
    .filter((e) =>
      ((e.op.parameters as Json[] | undefined) ?? []).some((p) => refName(p) === "IdempotencyKey")
    )
    .map((e) => String(e.op.operationId));
  const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

  return (
    <div class="docs">
      <nav class="docs-toc" aria-label="API reference contents">
        <p class="toc-title">Contents</p>
        <ol>
          <LinkItems links={GUIDE_LINKS} />
          {groups.map(([tag, ops]) => (
            <li key={tag}>
              <a href={`#${slug(tag)}`}>{tag}</a>
              <ol>
                {ops.map((e) => (
                  <li key={String(e.op.operationId)}>
                    <a href={`#${e.op.operationId}`}>
                      <span class={`method method-${e.method} method-small`}>
                        {e.method.toUpperCase()}
                      </span>{" "}
                      {String(e.op.operationId)}
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>

      <div class="docs-body">
        <header class="page-header">
          <h1>API reference</h1>
          <p class="lead">{String(info.description ?? "")}</p>
          <p class="muted">
            {String(info.title ?? "API")} version {String(info.version ?? "")} · {total}{" "}
            operations ·{" "}
            <a href="/api/v1/openapi.json">OpenAPI {String(doc.openapi ?? "")} document</a>
          </p>
        </header>

        <GuideSection id="overview">
          <p>
            Base URL:{" "}
            <code>{base}</code>. Requests and answers are JSON. Path parameters are in the path,
            filters in the query string, and writes send a JSON body.
          </p>
          <pre class="code-block"><code>{`curl "${base}/listings?q=invoices&per_page=5"`}</code></pre>
        </GuideSection>

        <GuideSection id="authentication">
          <p>
            Public operations need no credentials. The others need an <strong>API key</strong> or an
            {" "}
            <strong>OAuth 2.1 access token</strong>{" "}
            with the operation's scope, sent as a bearer token:
          </p>
          <pre class="code-block"><code>Authorization: Bearer &lt;api key or access token&gt;</code></pre>
          <p>
            OAuth clients use the authorization code flow: authorize at{" "}
            <code>{String(flow.authorizationUrl ?? `${origin}/oauth/authorize`)}</code>, exchange
            the code at{" "}
            <code>{String(flow.tokenUrl ?? `${origin}/oauth/token`)}</code>. Missing or invalid
            credentials answer <code>401 unauthorized</code> with a{" "}
            <code>WWW-Authenticate: Bearer</code> header; credentials without the scope answer{" "}
            <code>403 insufficient_scope</code>.
          </p>
          <KeyTable columns={["Scope", "Grants"]} rows={scopes} />
        </GuideSection>

        <GuideSection id="errors">
          <p>
            Every 4xx and 5xx answer has the same body. Codes are stable; messages are for people.
          </p>
          <pre class="code-block"><code>{JSON.stringify({ error: { code: "invalid_request", message: "Invalid query parameters", details: [{ path: "per_page", message: "Too big: expected number to be <=100" }] } }, null, 2)}</code></pre>
          <KeyTable
            columns={["Code", "Status", "Meaning"]}
            rows={Object.entries(ERROR_CODES).map(([code, [status, text]]) => [code, status, text])}
          />
        </GuideSection>

        <GuideSection id="pagination">
          <p>
            Paginated operations take <code>page</code> (1 to 1000, default 1) and{" "}
            <code>per_page</code> (1 to 100, default 20) and answer with this envelope:
          </p>
          <pre class="code-block"><code>{JSON.stringify({ items: ["…"], page: 1, per_page: 20, total: 57, total_pages: 3, has_more: true }, null, 2)}</code></pre>
        </GuideSection>

        <GuideSection id="idempotency">
          <p>
            Send an <code>Idempotency-Key</code>{" "}
            header ({constraintsOf(resolveRef(doc, idempotency.schema)).join(", ")}) with writes to
            retry them safely. {String(idempotency.description ?? "")}{" "}
            A request still running under the same key answers{" "}
            <code>409 conflict</code>. Keys are scoped to the caller and the operation. MCP tools
            take it as the <code>idempotency_key</code> argument.
          </p>
          {idempotentOps.length > 0 && (
            <p>
              Accepted by: {idempotentOps.map((id, i) => (
                <Fragment key={id}>
                  {i > 0 && ", "}
                  <a href={`#${id}`}>
                    <code>{id}</code>
                  </a>
                </Fragment>
              ))}
              .
            </p>
          )}
        </GuideSection>

        <GuideSection id="rate-limits">
          <p>
            Limits apply per API key, per token or per IP address. Over the limit, the answer is
            {" "}
            <code>429 rate_limited</code> with <code>Retry-After</code> and{" "}
            <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{" "}
            <code>RateLimit-Reset</code> headers.
          </p>
        </GuideSection>

        <GuideSection id="mcp">
          <p>
            The same operations are tools of the Model Context Protocol server at{" "}
            <code>{origin}/mcp</code>{" "}
            (Streamable HTTP). A tool's name is the operationId; its input is the operation's path,
            query and body fields in one object, and its result is the JSON the REST call returns.
            Public tools need no sign-in; a signed-in tool called without credentials answers HTTP
            401 with <code>WWW-Authenticate: Bearer resource_metadata=…</code>{" "}
            so that clients start the OAuth flow. Protocol versions:{" "}
            {MCP_PROTOCOL_VERSIONS.join(", ")}.
          </p>
          <pre class="code-block"><code>{JSON.stringify({ mcpServers: { "launch-directory": { type: "http", url: `${origin}/mcp` } } }, null, 2)}</code></pre>
        </GuideSection>

        {groups.map(([tag, ops]) => (
          <section key={tag} class="api-tag" id={slug(tag)} aria-labelledby={`${slug(tag)}-title`}>
            <h2 id={`${slug(tag)}-title`} class="api-tag-title">{tag}</h2>
            {ops.map((entry) => (
              <Operation key={String(entry.op.operationId)} doc={doc} entry={entry} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
