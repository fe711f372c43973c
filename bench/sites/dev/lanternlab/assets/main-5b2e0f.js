import { h as c, render as d } from "/assets/vendor-1aa0.js";
const u = (e) => fetch(e, { credentials: "same-origin" }).then((t) => t.json());
const R = { "/": () => u("/data/site.json"), "/pricing": () => u("/data/pricing.json") };
function m() {
  const e = location.pathname in R ? location.pathname : "/";
  R[e]().then((t) => d(c("main", null, JSON.stringify(t)), document.getElementById("app")));
}
window.addEventListener("popstate", m);
m();
