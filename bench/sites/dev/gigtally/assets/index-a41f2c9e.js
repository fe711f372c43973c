import { createApp as k, h as n, ref as r } from "/assets/vue-3b7e.js";
const s = r(null);
async function l() {
  const e = await fetch("/api/site.json", { headers: { Accept: "application/json" } });
  s.value = await e.json();
}
const a = { setup: () => () => (s.value ? n("main", null, s.value.hero.title) : n("p", "…")) };
k(a).mount("#app");
l();
