/** Badge builder on a listing page: pick a badge and its style, preview it, copy the embed code. */
import { useRef, useState } from "preact/hooks";
import type {
  BadgeImages,
  BadgeMode,
  BadgeShape,
  BadgeSize,
  BadgeStyle,
} from "../services/directory/badge_types.ts";
import { badgeEmbedHtml } from "../services/directory/badge_embed.ts";

/** One earned badge with its image URLs and its size in px for every shape and size. */
export interface BuilderBadge {
  kind: string;
  label: string;
  title: string;
  detail?: string;
  alt: string;
  images: BadgeImages;
  dimensions: Record<BadgeShape, Record<BadgeSize, [number, number]>>;
}

/** Props, from get_badges on the server. */
export interface BadgeBuilderProps {
  listingName: string;
  /** Where the badge links: the listing page with `?ref=badge`. */
  linkUrl: string;
  badges: BuilderBadge[];
  style: BadgeStyle;
  shapes: readonly BadgeShape[];
  modes: readonly BadgeMode[];
  sizes: readonly BadgeSize[];
}

const MODE_LABELS: Record<string, string> = { light: "Light", dark: "Dark", auto: "Auto" };
const SIZE_LABELS: Record<string, string> = { s: "Small", m: "Medium", l: "Large" };
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function badgeLabel(badge: BuilderBadge): string {
  const main = `${badge.label} ${badge.title}`.replace(/\s+/g, " ").trim();
  return badge.detail ? `${main} (${badge.detail})` : main;
}

interface ChoiceProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  label: (value: T) => string;
  onChange: (value: T) => void;
}

function Choice<T extends string>(
  { legend, name, options, value, label, onChange }: ChoiceProps<T>,
) {
  return (
    <fieldset class="segmented">
      <legend>{legend}</legend>
      <div class="segmented-options">
        {options.map((option) => (
          <label key={option} class={option === value ? "checked" : undefined}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() =>
                onChange(option)}
            />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The builder; the preview and the code follow every change at once. */
export default function BadgeBuilder(props: BadgeBuilderProps) {
  const { badges, shapes, modes, sizes } = props;
  const [kind, setKind] = useState(badges[0]?.kind ?? "");
  const [shape, setShape] = useState<BadgeShape>(props.style.shape);
  const [mode, setMode] = useState<BadgeMode>(props.style.mode);
  const [size, setSize] = useState<BadgeSize>(props.style.size);
  const [copied, setCopied] = useState<"" | "copied" | "failed">("");
  const code = useRef<HTMLTextAreaElement>(null);
  if (badges.length === 0) return null;

  const badge = badges.find((b) => b.kind === kind) ?? badges[0];
  const src = badge.images[shape][mode][size];
  const [width, height] = badge.dimensions[shape][size];
  const embed = badgeEmbedHtml(props.linkUrl, { src, alt: badge.alt, width, height });

  async function copy() {
    try {
      await navigator.clipboard.writeText(embed);
      setCopied("copied");
    } catch {
      // Clipboard API refused (no permission or insecure origin): select the text instead.
      code.current?.select();
      setCopied(document.execCommand?.("copy") ? "copied" : "failed");
    }
    setTimeout(() => setCopied(""), 2500);
  }

  return (
    <div class="badge-builder">
      <div class="bb-controls">
        <label class="field">
          <span class="field-label">Badge</span>
          <select
            name="badge-kind"
            value={badge.kind}
            onChange={(e) => setKind((e.currentTarget as HTMLSelectElement).value)}
          >
            {badges.map((b) => <option key={b.kind} value={b.kind}>{badgeLabel(b)}</option>)}
          </select>
        </label>
        <Choice
          legend="Shape"
          name="badge-shape"
          options={shapes}
          value={shape}
          label={capitalize}
          onChange={setShape}
        />
        <Choice
          legend="Mode"
          name="badge-mode"
          options={modes}
          value={mode}
          label={(m) => MODE_LABELS[m] ?? m}
          onChange={setMode}
        />
        <Choice
          legend="Size"
          name="badge-size"
          options={sizes}
          value={size}
          label={(s) => SIZE_LABELS[s] ?? s}
          onChange={setSize}
        />
      </div>
      <div class={`bb-preview bb-preview-${mode}`}>
        <img id="badge-preview" src={src} alt={badge.alt} width={width} height={height} />
        <p class="bb-preview-note">
          {mode === "auto"
            ? "Auto follows the visitor's light or dark theme."
            : `${MODE_LABELS[mode]} badge`}
          {" · "}
          {width}×{height}px
        </p>
      </div>
      <label class="field" for="badge-code">
        <span class="field-label">Embed code for {props.listingName}'s website</span>
      </label>
      <textarea
        id="badge-code"
        class="code"
        readOnly
        rows={4}
        ref={code}
        value={embed}
        spellcheck={false}
      />
      <div class="bb-actions">
        <button type="button" class="button" onClick={copy}>Copy code</button>
        <a class="button button-ghost" href={src} target="_blank" rel="noopener">Open SVG</a>
        <span class="bb-copied" role="status" aria-live="polite">
          {copied === "copied"
            ? "Copied to the clipboard"
            : copied === "failed"
            ? "Select the code and copy it"
            : ""}
        </span>
      </div>
    </div>
  );
}
