(function () {
  const t = document.createElement("link").relList;
  if (t && t.supports && t.supports("modulepreload")) return;
  for (const n of document.querySelectorAll('link[rel="modulepreload"]')) r(n);
  function r(n) {
    if (n.ep) return;
    n.ep = !0;
    fetch(n.href, { credentials: "same-origin" });
  }
})();
var Ke = Object.defineProperty,
  Ze = (e, t, n) =>
    t in e ? Ke(e, t, { enumerable: !0, configurable: !0, writable: !0, value: n }) : e[t] = n;
function Pn(e) {
  return e.replace(/-/g, " ");
}
const Vt = { fallbackLng: "en", debug: !1 };
async function Rn() {
  const e = await fetch("/content.json", { headers: { accept: "application/json" } });
  if (!e.ok) throw new Error("content " + e.status);
  return e.json();
}
function Ln(e, t) {
  const n = e.locales[t] || e.locales.en;
  document.title = n.meta.title;
  const r = document.getElementById("root");
  r.innerHTML = n.sections.map((s) => `<section id="${s.id}"><h2>${s.heading || ""}</h2></section>`)
    .join("");
}
Rn().then((e) => Ln(e, navigator.language.slice(0, 2))).catch((e) => {
  document.getElementById("root").textContent = "Could not load";
});
