/** Checks an order item's options against its product's option schema (`ProductOption`). */
import type { Product, ProductOption } from "../../kv/types.ts";
import type { ErrorDetail } from "../platform/errors.ts";

/** A value an order item's option may carry (the schema's union). */
export type OptionValue = string | number | boolean;

/** What is wrong with one option's value, or null. */
function optionProblem(spec: ProductOption, value: OptionValue): string | null {
  const shown = JSON.stringify(value);
  switch (spec.type) {
    case "enum":
      return typeof value === "string" && spec.values?.includes(value)
        ? null
        : `Option "${spec.name}" is ${shown}: expected one of ${
          (spec.values ?? []).map((v) => `"${v}"`).join(", ")
        }`;
    case "boolean":
      return typeof value === "boolean"
        ? null
        : `Option "${spec.name}" is ${shown}: expected true or false`;
    case "string":
      if (typeof value !== "string") return `Option "${spec.name}" is ${shown}: expected text`;
      return spec.max_length !== undefined && value.length > spec.max_length
        ? `Option "${spec.name}" is ${value.length} characters long: at most ${spec.max_length}`
        : null;
  }
}

/**
 * The problems of an item's options, each at `<at>.<name>`: unknown names, wrong types or values,
 * texts over their length, required options missing.
 */
export function checkOptions(
  product: Product,
  options: Record<string, OptionValue> | undefined,
  at: string,
): ErrorDetail[] {
  const specs = product.options ?? [];
  const given = options ?? {};
  const problems: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(given)) {
    const spec = specs.find((s) => s.name === name);
    const message = spec
      ? optionProblem(spec, value)
      : specs.length
      ? `Unknown option "${name}" of "${product.code}": expected one of ${
        specs.map((s) => `"${s.name}"`).join(", ")
      }`
      : `Unknown option "${name}": product "${product.code}" takes no options`;
    if (message) problems.push({ path: `${at}.${name}`, message });
  }
  for (const spec of specs) {
    if (spec.required && !(spec.name in given)) {
      problems.push({
        path: `${at}.${spec.name}`,
        message: `Option "${spec.name}" of "${product.code}" is required`,
      });
    }
  }
  return problems;
}
