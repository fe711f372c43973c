import assert from "node:assert/strict";
import {
  addWeeks,
  isoWeekLabel,
  mondayOf,
  parseIsoDate,
  resolveWeek,
  sundayOf,
  weeksBetween,
} from "../services/platform/weeks.ts";

Deno.test("weeks are ISO weeks, Monday to Sunday, in UTC", async (t) => {
  await t.step("Monday of any day", () => {
    assert.equal(mondayOf(new Date("2026-11-16T00:00:00Z")), "2026-11-16");
    assert.equal(mondayOf(new Date("2026-11-22T23:59:59Z")), "2026-11-16");
    assert.equal(mondayOf(new Date("2026-11-23T00:00:00Z")), "2026-11-23");
  });
  await t.step("around New Year", () => {
    assert.equal(mondayOf(new Date("2027-01-01T12:00:00Z")), "2026-12-28");
    assert.equal(isoWeekLabel("2026-12-28"), "2026-W53");
    assert.equal(isoWeekLabel("2027-01-04"), "2027-W01");
    assert.equal(mondayOf(new Date("2025-01-01T00:00:00Z")), "2024-12-30");
    assert.equal(isoWeekLabel("2024-12-30"), "2025-W01");
    assert.equal(isoWeekLabel("2026-01-05"), "2026-W02");
    assert.equal(isoWeekLabel("2025-12-29"), "2026-W01");
    assert.equal(sundayOf("2026-12-28"), "2027-01-03");
    assert.equal(addWeeks("2026-12-28", 1), "2027-01-04");
    assert.equal(weeksBetween("2026-12-21", "2027-01-11"), 3);
  });
  await t.step("a time zone offset does not move the week: it is read in UTC", () => {
    assert.equal(mondayOf(new Date("2026-11-23T00:30:00+02:00")), "2026-11-16");
  });
  await t.step("this, next, last and dates", () => {
    const now = new Date("2026-11-18T12:00:00Z");
    assert.equal(resolveWeek("this", now), "2026-11-16");
    assert.equal(resolveWeek("next", now), "2026-11-23");
    assert.equal(resolveWeek("last", now), "2026-11-09");
    assert.equal(resolveWeek("2026-11-22", now), "2026-11-16");
    assert.equal(resolveWeek("2026-02-30", now), null);
    assert.equal(resolveWeek("soon", now), null);
    assert.equal(parseIsoDate("2024-02-29")?.toISOString(), "2024-02-29T00:00:00.000Z");
    assert.equal(parseIsoDate("2025-02-29"), null);
  });
});
